/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-bench: shared types of the benchmark program.  Every
 * implementation (ours and the peers) turns the same frame (NV12, I420 or
 * P010_10LE: the workload says which) into the same tensor of a workload:
 * n_rois slots of C x out_height x out_width, one slot per ROI; float32
 * NCHW RGB (C = 3) unless the workload asks for uint8, NHWC or gray
 * (C = 1). */

#ifndef __BENCH_H__
#define __BENCH_H__

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_MAX_ROIS 8

/* Input formats of the workloads (4:2:0, GStreamer's layouts). */
typedef enum {
  BENCH_FORMAT_NV12 = 0,        /* Y; UV interleaved, 8 bits */
  BENCH_FORMAT_I420,            /* Y; U; V, 8 bits */
  BENCH_FORMAT_P010,            /* P010_10LE: Y; UV interleaved, 16-bit
                                 * little-endian words, 10-bit code << 6 */
} BenchFormat;

typedef struct {
  int x, y, width, height;
} BenchRect;

/* Element types of the workloads' tensors. */
typedef enum {
  BENCH_OUT_FLOAT32 = 0,
  BENCH_OUT_UINT8,              /* rounded half to even, saturated: raw
                                 * pixels for a quantized model */
} BenchOut;

/* out = (v * scale - mean[c]) / std[c], v in pixel units 0..255 */
typedef struct {
  double scale;
  double mean[3];
  double std[3];
} BenchNorm;

typedef struct {
  const char *name;             /* "W1", "W1-I420" */
  const char *title;            /* one line for the table */
  BenchFormat format;           /* of the input frame */
  int src_width, src_height;
  int n_rois;
  BenchRect rois[BENCH_MAX_ROIS];       /* even x, y, width, height */
  int out_width, out_height;
  int letterbox;                /* 0: stretch (or cover) */
  double pad_value;             /* letterbox bands, pixel units */
  BenchNorm norm;
  int antialias;                /* 1: antialiased resize (PIL's and
                                 * torchvision's triangle filter widened to
                                 * the scale factor); 0: 2-tap bilinear */
  int cover;                    /* 1: aspect cover (letterbox 0): scaled to
                                 * cover the tensor, centered, the overflow
                                 * cut */
  double crop_fraction;         /* cover: the central fraction kept, (0, 1]
                                 * (torchvision's 224 / 256) */
  BenchOut out;                 /* element type */
  int nhwc;                     /* 1: NHWC (interleaved), 0: NCHW */
  int gray;                     /* 1: one channel, the luma expanded to full
                                 * range (channel-order=gray) */
  int nearest;                  /* 1: nearest (torch's nearest-exact), not
                                 * bilinear */
} BenchWorkload;

/* A frame: plane 0 is Y; NV12 and P010 have UV in plane 1; I420 has U in
 * plane 1 and V in plane 2.  Planes start on 64 bytes and strides are
 * multiples of 64 (bench_frame_init ()).  I420 frames are one block with
 * GStreamer's default layout for these sizes (U right after Y, V right after
 * U, chroma stride half the luma stride), which OpenCV's I420 conversion
 * needs. */
typedef struct {
  BenchFormat format;
  int width, height;
  uint8_t *planes[3];
  int strides[3];
  uint8_t *block;               /* what bench_frame_clear () frees */
} BenchFrame;

/* One implementation.  setup () prepares everything a frame needs (plans,
 * contexts, scratch images) and returns NULL (with *why set) when it cannot;
 * run () writes the whole tensor; release () frees the state. */
typedef struct {
  const char *name;
  int peer;                     /* 1: a peer chain, 0: ours */
  int threads;                  /* 1, or 0 for one per core */
  void *(*setup) (const BenchWorkload * w, const char **why);
  void (*run) (void *state, const BenchFrame * f, void *dst);
  void (*release) (void *state);
} BenchImpl;

/* bench-workloads.c */
int bench_workload_count (void);
const BenchWorkload *bench_workload_get (int i);
/* Whether workload @name is one of the comma-separated @list (NULL:
 * every workload is) */
int bench_workload_selected (const char *list, const char *name);
/* The tensor's channels (3, or 1 for gray), elements per slot, bytes of
 * one element and of the whole tensor */
int bench_channels (const BenchWorkload * w);
size_t bench_slot_elements (const BenchWorkload * w);
size_t bench_tensor_elements (const BenchWorkload * w);
size_t bench_elem_size (const BenchWorkload * w);
size_t bench_tensor_bytes (const BenchWorkload * w);
/* Whether the tensor is the default one: float32 NCHW RGB, bilinear */
int bench_default_output (const BenchWorkload * w);
/* Why the peers' chains do not run workload @w, or NULL: their uint8,
 * gray and nearest tensors are NV12 without cover or antialias, uint8 is
 * NHWC of raw pixels (scale 1, mean 0, std 1), float32 NCHW */
const char *bench_peer_refuses (const BenchWorkload * w);
/* Where the resized ROI lies in the tensor (its size is the size each peer
 * resizes the ROI to): the whole output (stretch), the letterbox's inner
 * rectangle, or with cover a rectangle larger than the output that
 * overhangs it (x, y <= 0). */
void bench_inner_rect (const BenchWorkload * w, const BenchRect * roi,
    BenchRect * inner);
/* The part of @inner inside the tensor, in tensor coordinates: the window
 * (visible->x - inner->x, visible->y - inner->y, visible->width,
 * visible->height) of the resized ROI is what the tensor shows. */
void bench_visible_rect (const BenchWorkload * w, const BenchRect * inner,
    BenchRect * visible);
void bench_norm_fold (const BenchNorm * norm, float a[3], float b[3]);
/* The pad value, as the tensor's type holds it, everywhere outside the
 * visible part of @inner in one slot */
void bench_fill_bands (const BenchWorkload * w, const BenchRect * inner,
    void *slot);
/* Gray: the float tensor value of each 8-bit luma code (the luma expanded
 * from limited range and clamped, as channel-order=gray, then
 * normalized) */
void bench_gray_lut (const BenchWorkload * w, float lut[256]);

/* bench-frame.c: the synthetic frames, the same picture in every format
 * (see the file's comment) */
int bench_frame_init (BenchFrame * f, BenchFormat format, int width,
    int height, int smooth);
void bench_frame_clear (BenchFrame * f);
/* @src (NV12) copied into GStreamer's default layout (bench-frame.c) */
int bench_frame_contiguous (const BenchFrame * src, BenchFrame * f);
/* GStreamer's name of @format ("NV12", "I420", "P010_10LE") */
const char *bench_format_name (BenchFormat format);
/* Planes of @format (2 or 3) */
int bench_format_n_planes (BenchFormat format);

/* bench-clock.c */
double bench_now_ms (void);
size_t bench_llc_bytes (void);
void bench_flush (const uint8_t * buf, size_t size);
double bench_copy_bandwidth (int n_threads);
void bench_stats (double *samples, int n, double *median, double *min);
void *bench_alloc (size_t size);

/* bench-wake.c: median delay before a thread waiting on a condition
 * variable runs, once signalled after idle_ms; microseconds (0: failed) */
double bench_wake_latency_us (double idle_ms);

/* bench-traffic.c: bytes of the frame the taps reach (64-byte lines) */
size_t bench_needed_input_bytes (const BenchWorkload * w,
    const BenchFrame * f);

/* bench-error.c: max and mean |impl - float64 reference| in 1/255 units, for
 * a tensor computed with the default normalization x / 255 (uint8: with
 * scale 1, so the elements are in steps); the reference reads the frame in
 * its format as BT.{matrix} (601, 709) limited range, with the workload's
 * geometry, antialias, cover, interpolation, layout and channels. */
int bench_error (const BenchWorkload * w, const BenchFrame * f,
    const void *tensor, int matrix, double *max_err, double *mean_err);

/* implementations */
extern const BenchImpl bench_opencv_impl;
extern const BenchImpl bench_swscale_impl;
extern const BenchImpl bench_libyuv_impl;
extern const BenchImpl bench_ours_scalar_impl;
extern const BenchImpl bench_ours_fast_impl;
extern const BenchImpl bench_ours_parallel_impl;
const char *bench_ours_fast_name (void);
void bench_opencv_set_threads (int n);
const char *bench_opencv_version (void);
const char *bench_swscale_version (void);
const char *bench_libyuv_version (void);

#ifdef __cplusplus
}
#endif

#endif /* __BENCH_H__ */
