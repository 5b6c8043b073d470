/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The engine: video frame (NV12, I420, P010, packed RGB, ...) -> normalized
 * tensor, in one pass driven by the output (backwards vertical fusion).  No
 * GLib, no GStreamer: plain pointers, strides and sizes, every entry point
 * returns a PrepStatus.
 *
 * Use:
 *   PrepConfig cfg;
 *   prep_config_init (&cfg);                 (defaults, as the element's)
 *   cfg.format = PREP_FORMAT_I420;
 *   cfg.src_width = 1920; ...                (fill in)
 *   PrepRect crop = { 0, 0, 1920, 1080 };   (what the tensor shows)
 *   PrepPlan *plan;
 *   if (prep_plan_new (&cfg, &crop, 1, &plan) != PREP_OK) ...
 *   PrepFrame f;
 *   prep_frame_init (&f, PREP_FORMAT_I420, 1920, 1080);
 *   f.planes[0] = y; f.strides[0] = y_stride; ... (each plane)
 *   prep_plan_run_cpu (plan, &f, dst, dst_size);
 *   prep_plan_free (plan);
 *
 * The exact semantics are in docs/semantics.md.
 */

#ifndef __PREP_H__
#define __PREP_H__

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  PREP_OK = 0,
  PREP_ERROR_INVALID_ARGUMENT,  /* NULL pointer, bad enum value */
  PREP_ERROR_SIZE,              /* a width/height <= 0 */
  PREP_ERROR_CROP,              /* crop empty or not inside the frame */
  PREP_ERROR_NORMALIZATION,     /* non-finite scale/mean, zero or non-finite
                                 * std, or folded values overflowing float */
  PREP_ERROR_PAD_VALUE,         /* pad value outside [0, 255] or not finite */
  PREP_ERROR_OVERFLOW,          /* output byte count does not fit in size_t */
  PREP_ERROR_STRIDE,            /* a stride smaller than the row it holds
                                 * (negative, or too small for the width) */
  PREP_ERROR_OUTPUT_SIZE,       /* destination smaller than the tensor */
  PREP_ERROR_NO_MEMORY,
  PREP_ERROR_LAUNCH,            /* the kernel launch failed */
  PREP_ERROR_GRID,              /* output too tall for one CUDA launch */
  PREP_ERROR_FORMAT,            /* a frame of another format or size than
                                 * the plan's */
} PrepStatus;

/* Input formats (docs/semantics.md section 2; GStreamer's names). */
typedef enum {
  PREP_FORMAT_NV12 = 0,
  PREP_FORMAT_NV21,
  PREP_FORMAT_I420,
  PREP_FORMAT_YV12,
  PREP_FORMAT_P010_10LE,
  PREP_FORMAT_P016_LE,
  PREP_FORMAT_Y444,
  PREP_FORMAT_YUY2,
  PREP_FORMAT_UYVY,
  PREP_FORMAT_Y42B,
  PREP_FORMAT_I422_10LE,
  PREP_FORMAT_I420_10LE,
  PREP_FORMAT_NV16,
  PREP_FORMAT_RGBA,
  PREP_FORMAT_BGRA,
  PREP_FORMAT_RGBX,
  PREP_FORMAT_BGRX,
  PREP_FORMAT_ARGB,
  PREP_FORMAT_ABGR,
  PREP_FORMAT_RGB,
  PREP_FORMAT_BGR,
  PREP_FORMAT_GRAY8,
} PrepFormat;

#define PREP_FORMAT_COUNT (PREP_FORMAT_GRAY8 + 1)

/* The most planes a format has. */
#define PREP_PLANES_MAX 3

typedef enum {
  PREP_ASPECT_STRETCH = 0,
  PREP_ASPECT_LETTERBOX,
  PREP_ASPECT_COVER,            /* scaled to cover the tensor, centered,
                                 * the overflow cut (crop_fraction) */
} PrepAspect;

typedef enum {
  PREP_INTERP_BILINEAR = 0,
  PREP_INTERP_NEAREST,          /* half up: torch nearest-exact */
  PREP_INTERP_NEAREST_FLOOR,    /* floor: torch nearest, OpenCV */
  PREP_INTERP_BICUBIC,          /* Keys cubic: torch bicubic, OpenCV
                                 * INTER_CUBIC; with antialias PIL's */
} PrepInterp;

/* Where the letterboxed image sits in the tensor. */
typedef enum {
  PREP_ALIGN_CENTER = 0,        /* odd leftover pixel right / bottom */
  PREP_ALIGN_TOP_LEFT,          /* bands right and bottom (DeepStream's
                                 * symmetric-padding=0) */
} PrepAlign;

/* How the letterbox inner size is rounded: at an exact half, or down. */
typedef enum {
  PREP_ROUND_HALF_UP = 0,       /* away from zero */
  PREP_ROUND_HALF_EVEN,         /* Python's round (Ultralytics' LetterBox) */
  PREP_ROUND_FLOOR,             /* truncated: Python's int () (YOLOX) */
} PrepRounding;

typedef enum {
  PREP_ORDER_RGB = 0,
  PREP_ORDER_BGR,
  PREP_ORDER_GRAY,              /* one channel: the luma */
} PrepChannelOrder;

typedef enum {
  PREP_LAYOUT_NCHW = 0,
  PREP_LAYOUT_NHWC,
} PrepLayout;

typedef enum {
  PREP_MATRIX_BT601 = 0,
  PREP_MATRIX_BT709,
  PREP_MATRIX_BT2020,
} PrepMatrix;

typedef enum {
  PREP_RANGE_LIMITED = 0,       /* Y 16..235, UV 16..240 */
  PREP_RANGE_FULL,              /* Y 0..255, UV 0..255 */
} PrepRange;

/* How YUV inputs become RGB (docs/semantics.md section 3; RGB and GRAY8
 * inputs: no effect). */
typedef enum {
  PREP_COLOR_EXACT = 0,         /* the matrix and range, after interpolation */
  PREP_COLOR_OPENCV,            /* cv2.cvtColor's BT.601 limited range (its
                                 * fixed-point coefficients / 2^20, Y below
                                 * 16 clamped), after interpolation, in
                                 * float */
  PREP_COLOR_OPENCV_8BIT,       /* each tap converted to 8-bit RGB exactly
                                 * as cvtColor does, then interpolated */
  PREP_COLOR_VIDEOCONVERT,      /* each tap converted to 8-bit RGB exactly
                                 * as GStreamer's videoconvert does (the
                                 * matrix and range in its 8-bit fixed
                                 * point, its integer chroma upsampling),
                                 * then interpolated */
} PrepColorConversion;

/* The chroma of a tap of a subsampled (4:2:0, 4:2:2) YUV format. */
typedef enum {
  PREP_CHROMA_NEAREST = 0,      /* the chroma sample of the tap's 2x2 / 2x1
                                 * block */
  PREP_CHROMA_BILINEAR,         /* linear on the chroma plane, at the
                                 * chroma site (videoconvert's) */
  PREP_CHROMA_SWSCALE,          /* FFmpeg swscale's full_chroma_int at the
                                 * frame's size: linear horizontally at
                                 * the centered site, vertically one row
                                 * or the mean of two */
} PrepChromaInterp;

/* Where chroma samples sit (GstVideoChromaSite's H_COSITED and V_COSITED
 * flags): 0 is centered between the luma samples (jpeg). */
#define PREP_CHROMA_SITE_H_COSITED 1
#define PREP_CHROMA_SITE_V_COSITED 2

typedef enum {
  PREP_DTYPE_FLOAT32 = 0,
  PREP_DTYPE_FLOAT16,           /* IEEE binary16, round to nearest even */
  PREP_DTYPE_UINT8,             /* saturated to [0, 255], rounded half to
                                 * even */
  PREP_DTYPE_INT8,              /* the uint8 value minus 128 */
} PrepDataType;

typedef struct {
  int x, y, width, height;
} PrepRect;

/* The most slots a tensor [N, ...] may have (the CUDA kernel takes every
 * slot's geometry by value, within the 4 KiB of kernel parameters). */
#define PREP_BATCH_MAX 64

/* Everything that defines the computation but the source rectangles (the
 * plan takes those: prep_plan_new (), prep_plan_set_slots ()).  mean[],
 * std[] apply to the tensor's channels in output order (after
 * channel_order). */
typedef struct {
  PrepFormat format;            /* of the input frames */
  int src_width, src_height;    /* frame size, in pixels (luma for YUV) */
  int out_width, out_height;    /* tensor spatial size */
  PrepAspect aspect;
  PrepAlign letterbox_align;
  PrepRounding letterbox_rounding;
  double crop_fraction;         /* cover: the central fraction used, (0, 1];
                                 * torchvision's 224 / 256, timm's crop_pct */
  int antialias;                /* 1: PIL's and torchvision's antialiased
                                 * bilinear or bicubic (docs/semantics.md) */
  double pad_value;             /* letterbox bands, pixel units 0..255 */
  int pad_per_channel;          /* 1: tensor channel c's bands take
                                 * pad_values[c] instead (timm's border
                                 * fill, round (255 * mean[c])) */
  double pad_values[3];         /* pixel units 0..255, output order */
  PrepInterp interpolation;
  PrepMatrix matrix;
  PrepRange range;
  PrepColorConversion color_conversion; /* YUV inputs: overrides matrix and
                                         * range unless EXACT */
  PrepChromaInterp chroma_interpolation;
  int chroma_site;              /* PREP_CHROMA_SITE_* flags (other bits
                                 * ignored); read with bilinear chroma */
  PrepChannelOrder channel_order;
  PrepLayout layout;
  double scale;                 /* out = (v * scale - mean[c]) / std[c] */
  double mean[3];
  double std[3];
  PrepDataType data_type;       /* element type of the tensor */
  int batch_size;               /* slots N of the tensor, 1..PREP_BATCH_MAX */
} PrepConfig;

/* How one slot of the tensor maps onto the frame, in continuous
 * coordinates where pixel i covers [i, i + 1) on both sides:
 *   tensor_x = offset_x + (frame_x - src.x) * scale_x
 *   frame_x  = src.x + (tensor_x - offset_x) / scale_x
 * (likewise for y).  scale_x = inner width / src.width; offset_x is the
 * left edge of the inner (non-padding) area, 0 with stretch.  valid 0: the
 * slot holds only the normalized pad value (and src is all zeros). */
typedef struct {
  PrepRect src;
  double scale_x, scale_y;
  double offset_x, offset_y;
  int valid;
} PrepBoxMap;

typedef struct _PrepPlan PrepPlan;

void prep_config_init (PrepConfig * cfg);

/* The defaults prep_config_init () sets, shared with the element's
 * properties: a 640x640 tensor (YOLO's), YOLO's gray pad value, values
 * scaled to [0, 1]. */
#define PREP_DEFAULT_OUT_SIZE 640
#define PREP_DEFAULT_PAD_VALUE 114.0
#define PREP_DEFAULT_SCALE (1.0 / 255.0)
PrepStatus prep_config_validate (const PrepConfig * cfg);

/* Checks normalization parameters alone (prep_config_validate () does it
 * too): finite, std non-zero, and the folded per-channel scale / bias and
 * every normalized value finite in float. */
PrepStatus prep_normalization_validate (double scale, const double mean[3],
    const double std[3]);

/* Number of elements and bytes of a tensor [batch_size, channels,
 * out_height, out_width] (any layout) of @data_type, with overflow checks
 * (PREP_ERROR_OVERFLOW: the byte count in size_t, the batch's rows
 * batch_size * out_height in int); PREP_ERROR_SIZE for sizes or batch_size <= 0,
 * PREP_ERROR_INVALID_ARGUMENT for batch_size > PREP_BATCH_MAX or an unknown
 * data type. */
PrepStatus prep_tensor_size (int out_width, int out_height, int channels,
    int batch_size, PrepDataType data_type, size_t * n_elements,
    size_t * n_bytes);

/* Bytes of one element of @data_type (4, 2 or 1; 0 for an unknown one). */
size_t prep_data_type_size (PrepDataType data_type);

/* Channels of the tensor for @order: 3, or 1 for PREP_ORDER_GRAY (0 for
 * a value that is not a PrepChannelOrder). */
int prep_channel_count (PrepChannelOrder order);

/* The rectangle [x, x + width) x [y, y + height) clamped to a frame of
 * frame_width x frame_height: 1 and *out set when something is left, 0
 * (and *out untouched) when nothing is.  The arguments are 64-bit so that
 * any int or unsigned rectangle (a ROI meta's) fits. */
int prep_rect_clamp (int frame_width, int frame_height, int64_t x, int64_t y,
    int64_t width, int64_t height, PrepRect * out);

/* Resolve a requested crop against a frame: width/height 0 mean "to the
 * frame's edge".  A rectangle partly outside the frame is clamped to it
 * (*clamped set to 1); one entirely outside, or empty after clamping, gives
 * PREP_ERROR_CROP. */
PrepStatus prep_crop_resolve (int frame_width, int frame_height,
    const PrepRect * requested, PrepRect * resolved, int *clamped);

/* Validates the config, derives the coefficients (in double), sizes every
 * table for the batch, and places the source rectangles as
 * prep_plan_set_slots () does (same refusals: PREP_ERROR_CROP for one not
 * inside the frame, PREP_ERROR_INVALID_ARGUMENT for a count outside
 * [0, batch_size]).  *plan is NULL on failure. */
PrepStatus prep_plan_new (const PrepConfig * cfg, const PrepRect * rects,
    int n_rects, PrepPlan ** plan);
void prep_plan_free (PrepPlan * plan);
size_t prep_plan_output_bytes (const PrepPlan * plan);

/* New source rectangles for the batch: slot i < n_rects takes rects[i],
 * the slots from n_rects on are filled with the normalized pad value.  Every
 * rectangle must lie inside the frame (see prep_crop_resolve ()):
 * otherwise PREP_ERROR_CROP and the plan is unchanged; n_rects outside
 * [0, batch_size], or rects NULL with n_rects > 0, gives
 * PREP_ERROR_INVALID_ARGUMENT.  Allocates nothing (a
 * plan's tables are sized at prep_plan_new ()), so it may be called for
 * every frame, but not while the plan runs. */
PrepStatus prep_plan_set_slots (PrepPlan * plan, const PrepRect * rects,
    int n_rects);

/* A fractional source window (the element's crop-rect): the frame's
 * [x, x + width) x [y, y + height), in pixels, double precision. */
typedef struct {
  double x, y, width, height;
} PrepWindow;

/* A plan whose slot i < n_windows shows windows[i], a window onto the
 * resized whole frame (resize-then-crop, docs/semantics.md "Fractional
 * windows"): source coordinate s = x + (o - offset + 0.5) * width / inner
 * - 0.5 in double, taps clamped to the FRAME (not to the window), every
 * filter through weighted taps; aspect as the config says, the inner size
 * from the window's fractional size.  The other slots are padding.  The
 * refusals of prep_plan_new (); PREP_ERROR_CROP for a window that is not
 * finite, is empty or is not inside the frame.  prep_plan_set_slots ()
 * refuses such a plan (PREP_ERROR_INVALID_ARGUMENT). */
PrepStatus prep_plan_new_windows (const PrepConfig * cfg,
    const PrepWindow * windows, int n_windows, PrepPlan ** plan);

/* New windows for a plan of prep_plan_new_windows (), as
 * prep_plan_set_slots () for rectangles: the same checks, nothing
 * allocated, the plan unchanged on a refusal; PREP_ERROR_INVALID_ARGUMENT
 * for any other plan. */
PrepStatus prep_plan_set_windows (PrepPlan * plan,
    const PrepWindow * windows, int n_windows);

/* Slots that hold a source rectangle (the first ones of the batch). */
int prep_plan_valid_slots (const PrepPlan * plan);

/* The mapping of slot @slot (0..batch_size - 1) between the frame and the
 * tensor (see PrepBoxMap). */
PrepStatus prep_plan_slot_map (const PrepPlan * plan, int slot,
    PrepBoxMap * map);

/* One input frame: its format and size, and each plane's first byte and
 * stride (bytes from a row to the next).  Planes past the format's count
 * are not read.  For the CUDA launcher (prep-kernel.h) the plane pointers
 * hold device addresses (CUdeviceptr values). */
typedef struct {
  PrepFormat format;
  int width, height;
  const uint8_t *planes[PREP_PLANES_MAX];
  int strides[PREP_PLANES_MAX];
} PrepFrame;

/* A frame of @format and size with no planes (NULL, stride 0). */
void prep_frame_init (PrepFrame * frame, PrepFormat format, int width,
    int height);

/* Planes of @format (1 to 3; 0 for a value that is not a PrepFormat), and
 * the GStreamer name of the format ("NV12", "P010_10LE", ...; NULL for
 * such a value). */
int prep_format_n_planes (PrepFormat format);
const char *prep_format_name (PrepFormat format);

/* The bytes each plane of @frame spans: stride * (rows - 1) + row bytes,
 * with the rows and row bytes of its format at its size (docs/semantics.md
 * section 2), computed in 64 bits; 0 for planes past the format's count.
 * PREP_ERROR_STRIDE when a stride cannot hold a row of its plane (a
 * negative one included; for a width of INT_MAX a chroma row of NV12 is
 * 2^31 bytes: no int stride holds it), PREP_ERROR_OVERFLOW when a size does
 * not fit in size_t, PREP_ERROR_SIZE for a size <= 0,
 * PREP_ERROR_INVALID_ARGUMENT for an unknown format or NULL argument.  The
 * pointers are not looked at. */
PrepStatus prep_frame_plane_bytes (const PrepFrame * frame,
    size_t bytes[PREP_PLANES_MAX]);

/* The same for plane @plane alone (the other strides are not looked at);
 * PREP_ERROR_INVALID_ARGUMENT for a plane the format lacks. */
PrepStatus prep_frame_plane_size (const PrepFrame * frame, int plane,
    size_t * bytes);

/* A frame of the plan's format and size, no planes yet (as
 * prep_frame_init ()). */
void prep_plan_frame_init (const PrepPlan * plan, PrepFrame * frame);

/* The CPU path: one pass over the output, on the calling thread, with the
 * fastest implementation this CPU runs (PREP_CPU_AUTO).  @src must have the
 * plan's format and size (PREP_ERROR_FORMAT otherwise), a non-NULL plane
 * for each of its format's planes and strides that hold a row
 * (PREP_ERROR_STRIDE).  dst_size is in bytes. */
PrepStatus prep_plan_run_cpu (const PrepPlan * plan, const PrepFrame * src,
    void *dst, size_t dst_size);

/* Output rows of the whole batch: batch_size * out_height. */
int prep_plan_rows (const PrepPlan * plan);
/* Slots of the plan's tensor (its config's batch_size). */
int prep_plan_batch_size (const PrepPlan * plan);

/* Implementations of the CPU path.  Every one gives the same bytes as the
 * scalar reference (same IEEE operations in the same order per element);
 * they differ only in speed.  AUTO picks the fastest one this CPU runs
 * (checked at run time, not at build time).  AVX2 vectorizes every
 * format into 3-channel float32 or float16 tensors (bilinear and nearest
 * taps), and antialiased taps into every tensor (shared vertical sums,
 * prep-cpu-aa.c); for the other plans it runs the scalar rows. */
typedef enum {
  PREP_CPU_AUTO = 0,
  PREP_CPU_SCALAR,              /* the reference: prep-math.h per element */
  PREP_CPU_AVX2,                /* x86-64 AVX2, 8 output pixels at a time */
} PrepCpuImpl;

/* 1 when @impl runs on this CPU (AUTO and SCALAR always), else 0. */
int prep_cpu_impl_available (PrepCpuImpl impl);

/* "scalar", "avx2"; for AUTO the name of the one it picks; NULL for a value
 * that is not a PrepCpuImpl. */
const char *prep_cpu_impl_name (PrepCpuImpl impl);

/* Output rows [row_begin, row_end) only, with implementation @impl: the
 * rest of dst is not touched.  The rows of a batch are numbered slot by
 * slot: row r is row r % out_height of slot r / out_height, and there are
 * prep_plan_rows () of them.  dst and dst_size are those of the whole
 * tensor.  Any split of the rows into ranges gives the same bytes as one
 * call over all of them.  0 <= row_begin <= row_end <= prep_plan_rows ()
 * (an empty range is allowed and writes nothing); otherwise, or for an
 * @impl that is unknown or not available here, PREP_ERROR_INVALID_ARGUMENT
 * and nothing written. */
PrepStatus prep_plan_run_cpu_rows (const PrepPlan * plan, PrepCpuImpl impl,
    const PrepFrame * src, void *dst, size_t dst_size, int row_begin,
    int row_end);

/* A persistent pool of threads for the CPU path (POSIX threads), created
 * once and reused for every frame.  n_threads counts the calling thread:
 * a pool of n runs n - 1 threads of its own and the caller takes a share.
 * n_threads 0 means one per online core; at most PREP_WORKERS_MAX
 * (PREP_ERROR_INVALID_ARGUMENT above that or below 0; PREP_ERROR_NO_MEMORY
 * when a thread cannot be started; *workers is NULL on failure).
 * Calls that use one pool are serialized: a second caller waits for the
 * first frame to finish.  prep_workers_free () must not race with them. */
#define PREP_WORKERS_MAX 256

typedef struct _PrepWorkers PrepWorkers;

PrepStatus prep_workers_new (int n_threads, PrepWorkers ** workers);
/* Threads that work on a frame, the caller included (>= 1). */
int prep_workers_count (const PrepWorkers * workers);
void prep_workers_free (PrepWorkers * workers);

/* The whole frame, its rows split into ranges that the pool's threads and
 * the calling thread take in turn; returns when all are written.  The same
 * bytes as prep_plan_run_cpu_rows () over all rows, whatever the number of
 * threads.  workers NULL: the calling thread alone.  The checks and status
 * codes are those of prep_plan_run_cpu_rows (); a refused call writes
 * nothing. */
PrepStatus prep_plan_run_cpu_parallel (const PrepPlan * plan,
    PrepWorkers * workers, PrepCpuImpl impl, const PrepFrame * src,
    void *dst, size_t dst_size);

/* Multi-stream batches: one tensor [N, ...] whose slots read the frames
 * of different streams, each with its own format, size and colour, in one
 * pass (docs/architecture.md).  A stream of the batch: its frames and the
 * rectangle of them its slot reads. */
typedef struct {
  PrepFormat format;
  int src_width, src_height;
  PrepMatrix matrix;
  PrepRange range;
  PrepRect rect;
  int chroma_site;              /* PREP_CHROMA_SITE_* flags (0: centered;
                                 * other bits ignored) */
} PrepStream;

/* A plan whose slot i < n_streams reads stream i's frames; the slots from
 * n_streams on are padding.  The tensor (size, aspect, filter,
 * normalization, channel order, layout, data type, batch_size) comes from
 * @cfg; its format, source size, matrix, range and chroma site are
 * replaced by each stream's.  Each stream is checked as prep_plan_new () checks a config and
 * its rectangle (the first refusal is returned); n_streams outside
 * [1, cfg->batch_size], or streams NULL, gives
 * PREP_ERROR_INVALID_ARGUMENT.  prep_plan_set_slots () refuses such a
 * plan: its slots change with prep_plan_set_streams (). */
PrepStatus prep_plan_new_streams (const PrepConfig * cfg,
    const PrepStream * streams, int n_streams, PrepPlan ** plan);

/* New streams for a streams plan, as prep_plan_set_slots () gives a plan
 * new rectangles: the same checks as prep_plan_new_streams () (and the
 * plan unchanged on a refusal), nothing allocated, so it may be called for
 * every batch, but not while the plan runs.  A stream whose frames are
 * larger than any the plan was made for may need more antialias weights
 * than its tables hold: PREP_ERROR_INVALID_ARGUMENT, and a new plan is
 * needed.  The same bytes as a new plan of the same streams. */
PrepStatus prep_plan_set_streams (PrepPlan * plan, const PrepStream * streams,
    int n_streams);

/* Runs a streams plan on the CPU, as prep_plan_run_cpu_parallel () runs a
 * plan: the rows of every slot in one pass split over the pool's threads
 * (@workers NULL: the calling thread alone).  frames[i] is stream i's frame,
 * of its format and size (PREP_ERROR_FORMAT otherwise), or, with
 * planes[0] NULL, no frame: slot i is then padding in this run, as the
 * slots past the streams are.  The same bytes in slot i as a single-stream
 * plan of stream i's config and rectangle. */
PrepStatus prep_plan_run_cpu_streams (const PrepPlan * plan,
    PrepWorkers * workers, PrepCpuImpl impl, const PrepFrame * frames,
    void *dst, size_t dst_size);

const char *prep_status_string (PrepStatus status);

#ifdef __cplusplus
}
#endif

#endif /* __PREP_H__ */
