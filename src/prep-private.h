/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Engine internals shared by the engine's .c files (not installed, not
 * used by the element). */

#ifndef __PREP_PRIVATE_H__
#define __PREP_PRIVATE_H__

#include "prep.h"
#include "prep-math.h"
#include "prep-kernel-args.h"

/* prep-math.h stands alone under nvcc, so it has its own name for the
 * batch limit; the two must agree. */
_Static_assert (PREP_SLOT_TABLE_SIZE == PREP_BATCH_MAX,
    "the kernel's slot table holds PREP_BATCH_MAX slots");

/* The column taps again, one entry per output column, as arrays that the
 * vectorized executor loads 8 at a time.  Its byte gathers read 4-byte
 * words that END at a byte the taps need (luma[i1], chroma V of pair
 * i1 / 2), so they never read past the end of a plane; where a word would
 * start before the plane (first rows, first columns) the executor falls back
 * to the scalar code.  Taps have i1 - i0 in {0, 1} (prep_axis_tap ()). */
typedef struct
{
  int32_t *y_word;              /* i1 - 3: the luma word holds [i1 - 3, i1] */
  int32_t *y_sel;               /* byte of luma[i0] in it (3 or 2), as a
                                 * byte-shuffle control: 0x808080nn */
  int32_t *c_word;              /* 2 (i1 / 2) - 2: the chroma word holds
                                 * U, V of pair i1 / 2 - 1, then of i1 / 2 */
  int32_t *c_sel;               /* byte of U of pair i0 / 2 (2 or 0), as
                                 * y_sel; V is the byte after it */
  float *w;                     /* weight of i1, as in col_taps */
  /* Any other format (generic, NULL for NV12): for component k and tap j
   * (i0, i1), the byte offset in the component's row of the 4-byte word
   * that ENDS at the sample's last byte; the sample is the word's top byte
   * (or top 16 bits).  Words that would start before a plane fall back
   * to the scalar code, as above. */
  int32_t *word[3][2];
  /* single[k]: both taps of component k always lie in the word that ends
   * at i1's last byte (step <= 4 - sample bytes: planar 8-bit, NV21's
   * pairs, packed RGB, P010's luma); one gather, and word[k][0] holds the
   * byte-shuffle control that picks i0's sample from that word */
  int single[3];
  /* the plan's table: single[] of each slot (a streams plan's slots have
   * their own formats); a slot's view copies its row into single[] */
  int slot_single[PREP_BATCH_MAX][3];
} PrepColumns;

/* What a format is (prep-formats.c, docs/semantics.md section 2). */
typedef enum
{
  PREP_KIND_YUV = 0,            /* C0, C1, C2 = Y, U, V */
  PREP_KIND_RGB,                /* C0, C1, C2 = R, G, B */
  PREP_KIND_GRAY,               /* C0 = C1 = C2 = Y */
} PrepKind;

/* A plane's row holds ceil (width / 2^shift_x) units of @unit bytes (a
 * pixel, a chroma pair, a YUY2 macropixel); it has ceil (height /
 * 2^shift_y) rows.  unit 0: no such plane. */
typedef struct
{
  int shift_x, shift_y;
  int unit;
} PrepPlaneInfo;

/* How a format stores a sample (docs/semantics.md section 2, "Sample
 * values"), and so its value in 8-bit units. */
typedef enum
{
  PREP_SAMPLE_8 = 0,            /* a byte b: b */
  PREP_SAMPLE_16,               /* a little-endian 16-bit container u: u / 256
                                 * (P010's MSB-aligned 10-bit code, P016) */
  PREP_SAMPLE_10_LSB,           /* a little-endian 16-bit container whose 10
                                 * low bits hold the code (I420_10LE,
                                 * I422_10LE): (u & 0x3ff) / 4, the 6 high
                                 * bits masked off */
} PrepSample;

typedef struct
{
  const char *name;             /* GStreamer's */
  int n_planes;
  PrepSample sample;
  PrepKind kind;
  PrepComponent comp[3];
  PrepPlaneInfo plane[PREP_PLANES_MAX];
} PrepFormatInfo;

/* The entry of @format, NULL for a value that is not a PrepFormat. */
const PrepFormatInfo *prep_format_info (PrepFormat format);

/* Row bytes and rows of plane @p of a w x h frame, in 64 bits. */
void prep_format_plane_size (const PrepFormatInfo * f, int p, int64_t w,
    int64_t h, int64_t * row_bytes, int64_t * rows);

/* The kernel's block: 32 x 8 threads (a warp is one row of 32 output
 * pixels; prep_launch_geometry ()). */
#define PREP_BLOCK_W 32
#define PREP_BLOCK_H 8

/* the kernel table's tiles are laid out for this block */
_Static_assert (PREP_KBLOCK_W == PREP_BLOCK_W && PREP_KBLOCK_H == PREP_BLOCK_H,
    "the antialiased tiles of the kernel table are the launch's blocks");

/* A byte-shuffle control with bytes 1..3 zeroed (0x80). */
#define PREP_SEL_ZERO 0x80808000u

struct _PrepPlan
{
  PrepConfig cfg;
  PrepParams params;            /* what the per-pixel math (and kernel) gets */
  PrepSlotTable slots;          /* every slot's geometry (kernel argument) */
  int n_valid;                  /* slots [0, n_valid) hold a rectangle */
  /* batch_size * out_width entries, slot by slot: prep_axis_tap () per x */
  PrepTap *col_taps;
  PrepColumns cols;             /* the same taps, for the vectorized path */
  /* floats of shared memory the kernel's antialiased tile takes: the most
   * any block of a valid slot needs, at most PREP_AA_TILE_MAX_FLOATS; 0
   * without antialias (prep-ktable.c) */
  int aa_tile;
  /* the kernel table of the launch-table entries (prep-ktable.c,
   * prep-kernel-args.h): two host images of ktable_max bytes each
   * (allocated with the plan), ktable the current one, ktable_next where
   * the next build goes; the bytes of the current content, its generation
   * (bumped only when a build gives other bytes), where each slot's taps
   * and source are in it */
  uint8_t *ktable, *ktable_next;
  size_t ktable_max;
  size_t ktable_bytes;
  uint64_t ktable_gen;
  int kcol[PREP_BATCH_MAX], krow[PREP_BATCH_MAX], ksource[PREP_BATCH_MAX];
  int n_ksources;
  /* a plan of prep_plan_new_windows (): each valid slot's window (the
   * others all zeros); windowed 0 otherwise */
  int windowed;
  PrepWindow win[PREP_BATCH_MAX];
  size_t slot_bytes;            /* bytes of one slot of the tensor */
  size_t n_elements;
  size_t n_bytes;
  /* a streams plan: n_streams streams, the parameters of every slot (a
   * padding slot's are stream 0's); NULL and 0 otherwise */
  PrepStream *streams;
  PrepParams *slot_params;
  int n_streams;
};

/* A checked frame and its destination, as the row executors get them.
 * dst is the slot's part of the tensor (the whole tensor before
 * prep_run_batch_rows () cuts it). */
typedef struct
{
  PrepPlanes src;
  void *dst;
  /* a streams plan (prep_plan_new_streams ()): slot i reads slot_src[i]
   * (src is not used), which points at slots; NULL otherwise */
  const PrepPlanes *slot_src;
  PrepPlanes slots[PREP_BATCH_MAX];
} PrepPass;

/* One slot as the row executors get it: its geometry and column taps. */
typedef struct
{
  /* the slot's source: its format's components, colour matrix (the plan's
   * for every slot, but a streams plan's) and frame width */
  const PrepParams *params;
  int src_width;
  int nv12;                     /* the AVX2 executor's NV12 path applies */
  const PrepSlotGeom *geom;
  const PrepTap *col_taps;
  PrepColumns cols;
  const PrepAaTap *aa;          /* antialias: the slot's column then row
                                 * taps, and its weights */
  const float *aa_weights;
} PrepSlotView;

void prep_plan_slot_view (const PrepPlan * plan, int slot, PrepSlotView * v);

/* Writes output rows [row_begin, row_end) of one slot of a checked frame. */
typedef void (*PrepRowsFunc) (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end);

/* The scalar reference (prep-cpu.c) and the AVX2 executor
 * (prep-cpu-avx2.c; call it only when prep_cpu_have_avx2 ()). */
void prep_rows_scalar (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end);
void prep_rows_avx2 (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end);
int prep_cpu_have_avx2 (void);

#if defined (__x86_64__) && defined (__GNUC__)
/* The attribute of every AVX2 function: they are called only when
 * prep_cpu_have_avx2 (), so the rest of the build needs no -mavx2. */
#define PREP_AVX2 __attribute__ ((target ("avx2,f16c")))

/* Output row @oy of a plan (any element type, channel count and layout),
 * with the slot's parameters @p, from its inner columns' component values
 * cv[k][x - x0], x in [x0, x1): the conversion and normalization of
 * prep_convert_normalize (), the store of prep_store (), and the letterbox
 * bands (prep-cpu-avx2.c). */
void prep_avx2_finish_row (const PrepParams * p, const float *const cv[3],
    void *dst, int oy, int x0, int x1);
#endif

/* Antialiased taps, with vertical sums shared by the output columns (AVX2,
 * prep-cpu-aa.c; call it only when prep_cpu_have_avx2 ()): the same bytes
 * as prep_rows_scalar (). */
void prep_rows_aa (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end);

/* Rows [row_begin, row_end) of the batch (numbered as in
 * prep_plan_run_cpu_rows ()), cut at slot boundaries and handed to @rows;
 * f->dst is the whole tensor. */
void prep_run_batch_rows (const PrepPlan * plan, PrepRowsFunc rows,
    const PrepPass * f, int row_begin, int row_end);

/* Whether @r is non-empty and inside a frame of that size. */
int prep_crop_inside (int frame_width, int frame_height, const PrepRect * r);

/* The letterbox bands' value of tensor channel @c, in pixel units: its
 * pad_values[c] with pad_per_channel, else pad_value. */
double prep_config_pad (const PrepConfig * cfg, int c);

/* The geometry of a slot whose source rectangle is @r (inside the frame). */
void prep_slot_geometry (const PrepConfig * cfg, const PrepRect * r,
    PrepSlotGeom * g);

/* The AVX2 executor's column table (prep-columns.c): allocated for @n
 * columns (with the generic words when @generic), filled from @n taps at
 * entry @at for the format of @p, freed. */
PrepStatus prep_columns_init (PrepColumns * c, size_t n, int generic);
void prep_columns_fill (PrepColumns * c, const PrepParams * p, size_t at,
    const PrepTap * taps, size_t n);
void prep_columns_clear (PrepColumns * c);

/* The antialiased taps of slot geometry @g into @taps (out_width column
 * entries, then out_height row entries) and their weights into @w (at most
 * p->aa_weights) (prep-antialias.c). */
void prep_aa_fill (const PrepSlotGeom * g, const PrepParams * p,
    PrepAaTap * taps, float *w);
/* The same for a window (prep-antialias.c): slot geometry @g's inner and
 * offset, its taps from window @win of a frame of @width x @height. */
void prep_aa_fill_window (const PrepSlotGeom * g, const PrepWindow * win,
    int width, int height, const PrepParams * p, PrepAaTap * taps, float *w);
/* The samples [*lo, *hi) of a frame of @n that the window taps of axis
 * @a (@out output indices, its window [x, x + len)) read (prep-antialias.c,
 * filter of @p). */
void prep_window_reach (const PrepParams * p, double x, double len, int n,
    const PrepAxis * a, int out, int *lo, int *hi);
/* The geometry of a slot showing window @win (prep-window.c): inner and
 * offset from the window's size, as its rectangle the samples its taps
 * (filter of @p) read. */
void prep_window_geometry (const PrepConfig * cfg, const PrepParams * p,
    const PrepWindow * win, PrepSlotGeom * g);
/* The mapping of a slot showing window @win with geometry @g: the
 * smallest integer rectangle holding the window as its source, the scale
 * inner / size of the window's, the offset moved by the window's
 * fractional start, so that the map's frame coordinates are the
 * window's exactly (prep-window.c). */
void prep_window_map (const PrepWindow * win, const PrepSlotGeom * g,
    PrepBoxMap * map);
/* The last source index any antialiased tap of axis @a (@out output
 * indices) reads: the read extent of the kernel's launch check. */
int prep_aa_last_sample (const PrepParams * p, const PrepAxis * a,
    int out);

/* The kernel table (prep-ktable.c): allocated for the plan's worst case
 * (every slot distinct), then rebuilt from the slots' geometry and
 * parameters, its generation bumped when its bytes change. */
PrepStatus prep_ktable_alloc (PrepPlan * plan);
void prep_ktable_build (PrepPlan * plan);
/* Slot @slot's antialiased taps in the current table: out_width column
 * then out_height row taps (PrepAaTap), its weights right after them
 * (prep-kernel-args.h); what the CPU executors read too. */
const PrepAaTap *prep_ktable_aa_taps (const PrepPlan * plan, int slot);
/* The format of slot @slot's frames. */
PrepFormat prep_plan_slot_format (const PrepPlan * plan, int slot);

/* The float parameters of a config (prep-params.c): output size, colour
 * matrix, normalization, flags. */
void prep_params_init (const PrepConfig * cfg, PrepParams * p);

/* The checks of prep_plan_run_cpu_rows () that do not depend on the rows,
 * then the row executor of @impl and the pass it gets. */
PrepStatus prep_cpu_prepare (const PrepPlan * plan, PrepCpuImpl impl,
    const PrepFrame * src, void *dst, size_t dst_size, PrepRowsFunc * rows,
    PrepPass * f);
/* The same for a streams plan and its frames (one per stream). */
PrepStatus prep_cpu_prepare_streams (const PrepPlan * plan, PrepCpuImpl impl,
    const PrepFrame * frames, void *dst, size_t dst_size,
    PrepRowsFunc * rows, PrepPass * f);

/* The float parameters every path hands to the per-pixel math, and every
 * slot's geometry (what the kernel gets). */
const PrepParams *prep_plan_params (const PrepPlan * plan);
/* The first checks of a plan constructor: @out given (*@out NULL from
 * then on) and @cfg valid (prep-plan.c). */
PrepStatus prep_plan_start (const PrepConfig * cfg, PrepPlan ** out);
/* The two halves of prep_plan_new () after its checks: a plan with its
 * config, sizes and parameters (NULL: out of memory), then its tables and
 * rectangles, the plan into *@out (freed when that fails) (prep-plan.c;
 * prep-streams.c sets its streams between the two). */
PrepPlan *prep_plan_make (const PrepConfig * cfg);
PrepStatus prep_plan_finish (PrepPlan * plan, const PrepRect * rects,
    int n_rects, PrepPlan ** out);
/* Slot i < n_rects takes rects[i] (checked to lie inside its frame), the
 * others are padding; the taps are recomputed in place (prep-plan.c). */
void prep_plan_place (PrepPlan * plan, const PrepRect * rects, int n_rects);
/* A frame of @format and size checked (strides, planes) into @planes. */
PrepStatus prep_frame_check (PrepFormat format, int width, int height,
    const PrepFrame * src, PrepPlanes * planes);
/* A streams plan's frames checked against their streams, into one
 * PrepPlanes per stream (prep-streams.c). */
PrepStatus prep_streams_check_frames (const PrepPlan * plan,
    const PrepFrame * frames, size_t dst_size, PrepPlanes * planes);
/* Slot @slot's parameters: the plan's, or (streams plan) its stream's. */
/* Slot @slot's parameters: a streams plan's own per slot, else the
 * plan's. */
static inline const PrepParams *
prep_plan_slot_params (const PrepPlan * plan, int slot)
{
  return plan->slot_params != NULL ? &plan->slot_params[slot] : &plan->params;
}
const PrepSlotTable *prep_plan_slot_table (const PrepPlan * plan);

/* Whether every slot of @plan converts colour by default and fetches its
 * taps as prep_sample () does (the AVX2 executors and the kernel's
 * specialised entries implement only those), or, with @taps_only, fetches
 * them so (the kernel's antialiased tile: its vertical sums are
 * prep_aa_vertical_sum ()'s). */
static inline int
prep_plan_plain_color (const PrepPlan * plan, int taps_only)
{
  const PrepParams *p;
  int i;

  for (i = 0; i < plan->cfg.batch_size; i++) {
    p = prep_plan_slot_params (plan, i);
    if (prep_special_taps (p) || (!taps_only && p->color != PREP_CONV_EXACT))
      return 0;
  }
  return 1;
}

/* The checks every executor makes before it touches memory: a frame of
 * the plan's format and size, its planes present, strides that hold a row,
 * a destination (@have_dst) that holds the tensor; then its planes as the
 * per-pixel math reads them. */
PrepStatus prep_plan_check_frame (const PrepPlan * plan,
    const PrepFrame * src, int have_dst, size_t dst_size,
    PrepPlanes * planes);

#endif /* __PREP_PRIVATE_H__ */
