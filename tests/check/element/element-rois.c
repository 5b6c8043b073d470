/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* gst-check suite of cudapreproc's batches of ROIs (CPU path): the rois
 * property, roi-source=meta (GstVideoRegionOfInterestMeta), batch-size,
 * data-type float16, upstream GstVideoCropMeta, the box meta on every
 * output buffer (read through GStreamer's public API only, docs/meta.md),
 * and the bad input policies of these properties (docs/bad-input.md).
 * (The cudapreprocbatch element, many streams into one tensor, is tested
 * by batch-element.c; both on the CUDA path by cuda-mock-batches.c.)
 *
 * Expected tensors come from the engine: prep_plan_new () +
 * prep_plan_set_slots () + prep_plan_run_cpu () on the same frame, with the
 * rectangles written down by the test (clamped by hand), so a wrong
 * rectangle, offset, batch or type in the element fails the comparison,
 * which names the frame and the first element that differs.  The
 * box meta is checked against prep_plan_slot_map () and against the
 * geometry of docs/semantics.md computed here. */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "prep.h"
#include "element-harness.h"
#include "tensor-check.h"
#include "../check-each.h"

/* The caps' frame */
#define FW 96
#define FH 64
/* A frame with a crop meta: the whole picture, of which FW x FH is shown */
#define BIG_W 128
#define BIG_H 96

#define BOX_META "GstCudaPreprocBoxMeta"
/* Box mapping round trips, in pixels */
#define MAP_BOUND 1e-3

/* ------------------------------------------------------------------------ */
/* Frames and expected tensors                                               */
/* ------------------------------------------------------------------------ */

/* The frame in a buffer; with @crop (not NULL) a GstVideoMeta of the whole
 * frame and a GstVideoCropMeta @crop, as a decoder that crops by metadata
 * sends them. */
static GstBuffer *
frame_buffer (const Frame * f, const PrepRect * crop)
{
  GstBuffer *buf = gst_buffer_new_memdup (f->data, f->size);
  GstVideoCropMeta *meta;

  if (crop == NULL)
    return buf;
  gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_FORMAT_NV12, f->width, f->height, 2, (gsize *) f->offset,
      (gint *) f->stride);
  meta = gst_buffer_add_video_crop_meta (buf);
  meta->x = crop->x;
  meta->y = crop->y;
  meta->width = crop->width;
  meta->height = crop->height;
  return buf;
}

/* The tensor the element must make under caps with colorimetry=bt601
 * (every caps here); push_frame () sets the frame size. */
static void
tensor_config (PrepConfig * cfg, gint out_w, gint out_h, gint batch,
    PrepAspect aspect, PrepLayout layout)
{
  prep_config_init (cfg);
  cfg->out_width = out_w;
  cfg->out_height = out_h;
  cfg->batch_size = batch;
  cfg->aspect = aspect;
  cfg->layout = layout;
  cfg->matrix = PREP_MATRIX_BT601;
  cfg->range = PREP_RANGE_LIMITED;
}

/* The engine's tensor for @f with the slots @rects (frame pixels), and
 * each slot's box mapping. */
typedef struct
{
  guint8 *data;
  gsize size;
  PrepBoxMap maps[PREP_BATCH_MAX];
} Expected;

static void
expected_run (const PrepConfig * cfg, const PrepRect * rects, gint n,
    const Frame * f, Expected * e)
{
  PrepPlan *plan = NULL;
  PrepFrame src;
  PrepStatus st;
  gint i;

  st = prep_plan_new (cfg, rects, n, &plan);
  fail_unless (st == PREP_OK, "prep_plan_new: %s", prep_status_string (st));
  e->size = prep_plan_output_bytes (plan);
  e->data = g_malloc (e->size);
  frame_prep (f, &src);
  st = prep_plan_run_cpu (plan, &src, e->data, e->size);
  fail_unless (st == PREP_OK, "prep_plan_run_cpu: %s", prep_status_string (st));
  for (i = 0; i < cfg->batch_size; i++)
    fail_unless_equals_int (prep_plan_slot_map (plan, i, &e->maps[i]), PREP_OK);
  prep_plan_free (plan);
}

/* Rectangles moved by (dx, dy): from visible to whole-frame pixels. */
static void
rects_shift (const PrepRect * in, gint n, gint dx, gint dy, PrepRect * out)
{
  gint i;

  for (i = 0; i < n; i++) {
    out[i] = in[i];
    out[i].x += dx;
    out[i].y += dy;
  }
}

/* The output bit-identical to the engine's (float32: all finite); a
 * failure names the frame (@seed) and the tensor (@n_valid valid slots of
 * @cfg), then the first element that differs. */
static void
assert_tensor (GstBuffer * out, const PrepConfig * cfg, const Expected * e,
    guint32 seed, gint n_valid)
{
  GstMapInfo map;
  gsize i;

  fail_unless (out != NULL, "no output buffer");
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, e->size);
  fail_unless_equals_uint64 (map.size, (gsize) cfg->batch_size * 3 *
      cfg->out_width * cfg->out_height *
      (cfg->data_type == PREP_DTYPE_FLOAT16 ? 2 : 4));
  if (cfg->data_type == PREP_DTYPE_FLOAT32)
    for (i = 0; i < map.size / 4; i++)
      fail_each (isfinite (((const gfloat *) map.data)[i]), "frame %u: "
          "output element %" G_GSIZE_FORMAT " is %g", seed, i,
          ((const gfloat *) map.data)[i]);
  assert_same_tensor (map.data, e->data, e->size,
      cfg->data_type == PREP_DTYPE_FLOAT16 ? 2 : 4, cfg->batch_size,
      "the engine's", "frame %u (%dx%d): %d of %d slots, %dx%d %s %s %s",
      seed, cfg->src_width, cfg->src_height, n_valid, cfg->batch_size,
      cfg->out_width, cfg->out_height,
      cfg->aspect == PREP_ASPECT_LETTERBOX ? "letterbox" : "stretch",
      cfg->layout == PREP_LAYOUT_NHWC ? "nhwc" : "nchw",
      cfg->data_type == PREP_DTYPE_FLOAT16 ? "float16" : "float32");
  gst_buffer_unmap (out, &map);
}

/* float32 slots from @n_valid on hold the normalized pad value (a failure
 * names the frame, @seed). */
static void
assert_pad_slots (GstBuffer * out, const PrepConfig * cfg, gint n_valid,
    guint32 seed)
{
  gsize plane = (gsize) cfg->out_width * cfg->out_height, slot = 3 * plane;
  GstMapInfo map;
  const gfloat *v;
  gsize i;
  gint s, c;

  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  v = (const gfloat *) map.data;
  for (s = n_valid; s < cfg->batch_size; s++) {
    for (i = 0; i < slot; i++) {
      gfloat want;

      c = cfg->layout == PREP_LAYOUT_NHWC ? (gint) (i % 3) : (gint) (i / plane);
      want = (gfloat) ((cfg->pad_value * cfg->scale - cfg->mean[c]) /
          cfg->std[c]);
      fail_each (fabsf (v[s * slot + i] - want) <= 1e-6f,
          "frame %u: pad slot %d element %" G_GSIZE_FORMAT ": %g, not %g",
          seed, s, i, v[s * slot + i], want);
    }
  }
  gst_buffer_unmap (out, &map);
}

/* ------------------------------------------------------------------------ */
/* The box meta, through GStreamer's public API only                         */
/* ------------------------------------------------------------------------ */

typedef struct
{
  gboolean valid;
  gint roi_id;
  PrepRect r;
  gdouble sx, sy, ox, oy;
} BoxSlot;

typedef struct
{
  guint batch, valid;
  gint tw, th;
  BoxSlot slot[PREP_BATCH_MAX];
} Box;

static void
read_box (GstBuffer * buf, Box * box)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (buf, BOX_META);
  const GstStructure *s;
  const GValue *slots;
  guint i, index;

  fail_unless (meta != NULL, "no box meta on the output buffer");
  s = gst_custom_meta_get_structure (meta);
  fail_unless (gst_structure_has_name (s, BOX_META));
  fail_unless (gst_structure_get (s, "batch-size", G_TYPE_UINT, &box->batch,
          "valid-slots", G_TYPE_UINT, &box->valid, "tensor-width", G_TYPE_INT,
          &box->tw, "tensor-height", G_TYPE_INT, &box->th, NULL));
  fail_unless (box->batch >= 1 && box->batch <= PREP_BATCH_MAX);
  slots = gst_structure_get_value (s, "slots");
  fail_unless (slots != NULL && GST_VALUE_HOLDS_ARRAY (slots));
  fail_unless_equals_int (gst_value_array_get_size (slots), box->batch);
  for (i = 0; i < box->batch; i++) {
    const GValue *v = gst_value_array_get_value (slots, i);
    const GstStructure *e;
    BoxSlot *b = &box->slot[i];

    fail_unless (GST_VALUE_HOLDS_STRUCTURE (v));
    e = gst_value_get_structure (v);
    fail_unless (gst_structure_has_name (e, "slot"));
    fail_unless (gst_structure_get (e, "index", G_TYPE_UINT, &index,
            "valid", G_TYPE_BOOLEAN, &b->valid, "roi-id", G_TYPE_INT,
            &b->roi_id, "x", G_TYPE_INT, &b->r.x, "y", G_TYPE_INT, &b->r.y,
            "width", G_TYPE_INT, &b->r.width, "height", G_TYPE_INT,
            &b->r.height, "scale-x", G_TYPE_DOUBLE, &b->sx, "scale-y",
            G_TYPE_DOUBLE, &b->sy, "offset-x", G_TYPE_DOUBLE, &b->ox,
            "offset-y", G_TYPE_DOUBLE, &b->oy, NULL),
        "slot %u lacks a field", i);
    fail_unless_equals_int (index, i);
  }
}

/* The scale and offset of docs/semantics.md section 1 for @r, computed
 * here in integers. */
static void
slot_geometry (const PrepConfig * cfg, const PrepRect * r, gdouble * sx,
    gdouble * sy, gdouble * ox, gdouble * oy)
{
  gint64 ow = cfg->out_width, oh = cfg->out_height, rw = r->width,
      rh = r->height, iw = ow, ih = oh;

  if (cfg->aspect == PREP_ASPECT_LETTERBOX) {
    if (ow * rh <= oh * rw)
      ih = CLAMP ((2 * rh * ow + rw) / (2 * rw), 1, oh);
    else
      iw = CLAMP ((2 * rw * oh + rh) / (2 * rh), 1, ow);
  }
  *sx = (gdouble) iw / rw;
  *sy = (gdouble) ih / rh;
  *ox = (gdouble) ((ow - iw) / 2);
  *oy = (gdouble) ((oh - ih) / 2);
}

#define assert_near(a, b, what) \
  fail_unless (fabs ((a) - (b)) <= MAP_BOUND, "%s: %.9g, not %.9g", what, \
      (gdouble) (a), (gdouble) (b))

/* One valid slot's mapping, with the meta's numbers: the corners of the
 * inner area (@iw x @ih at (@ox, @oy), computed here) land on the
 * rectangle's, the rectangle's center on the inner area's, and a tensor
 * point goes to the frame and back. */
static void
assert_mapping (const PrepConfig * cfg, const BoxSlot * b, gdouble ox,
    gdouble oy, gdouble iw, gdouble ih)
{
  gdouble tx = cfg->out_width * 0.37, ty = cfg->out_height * 0.61;
  gdouble fx = b->r.x + (tx - b->ox) / b->sx;
  gdouble fy = b->r.y + (ty - b->oy) / b->sy;

  assert_near (b->r.x + (ox - b->ox) / b->sx, b->r.x, "left edge");
  assert_near (b->r.y + (oy - b->oy) / b->sy, b->r.y, "top edge");
  assert_near (b->r.x + (ox + iw - b->ox) / b->sx, b->r.x + b->r.width,
      "right edge");
  assert_near (b->r.y + (oy + ih - b->oy) / b->sy, b->r.y + b->r.height,
      "bottom edge");
  assert_near (b->ox + b->r.width / 2.0 * b->sx, ox + iw / 2, "x center");
  assert_near (b->oy + b->r.height / 2.0 * b->sy, oy + ih / 2, "y center");
  assert_near (b->ox + (fx - b->r.x) * b->sx, tx, "x round trip");
  assert_near (b->oy + (fy - b->r.y) * b->sy, ty, "y round trip");
}

/* The box meta of @out: @n_valid slots with the rectangles @vis (in the
 * visible frame's coordinates) and ids @ids (NULL: -1), each slot's scale
 * and offset those of prep_plan_slot_map () (@e, whose rectangles are in
 * whole-frame pixels, (dx, dy) off) and of the documented geometry; the
 * others invalid and zero. */
static void
assert_box (GstBuffer * out, const PrepConfig * cfg, const Expected * e,
    const PrepRect * vis, gint n_valid, const gint * ids, gint dx, gint dy)
{
  Box box;
  gint i;

  read_box (out, &box);
  fail_unless_equals_int (box.batch, cfg->batch_size);
  fail_unless_equals_int (box.valid, n_valid);
  fail_unless_equals_int (box.tw, cfg->out_width);
  fail_unless_equals_int (box.th, cfg->out_height);
  for (i = 0; i < cfg->batch_size; i++) {
    const BoxSlot *b = &box.slot[i];
    const PrepBoxMap *m = &e->maps[i];
    gdouble sx, sy, ox, oy;

    if (i >= n_valid) {
      fail_if (b->valid, "slot %d is valid", i);
      fail_unless (b->roi_id == -1 && b->r.x == 0 && b->r.y == 0 &&
          b->r.width == 0 && b->r.height == 0 && b->sx == 0 && b->sy == 0 &&
          b->ox == 0 && b->oy == 0, "invalid slot %d is not all zero", i);
      continue;
    }
    fail_unless (b->valid, "slot %d is not valid", i);
    fail_unless_equals_int (b->roi_id, ids ? ids[i] : -1);
    fail_unless (b->r.x == vis[i].x && b->r.y == vis[i].y &&
        b->r.width == vis[i].width && b->r.height == vis[i].height,
        "slot %d: %d,%d %dx%d, not %d,%d %dx%d", i, b->r.x, b->r.y,
        b->r.width, b->r.height, vis[i].x, vis[i].y, vis[i].width,
        vis[i].height);
    fail_unless (m->valid && m->src.x - dx == b->r.x && m->src.y - dy ==
        b->r.y && m->src.width == b->r.width && m->src.height == b->r.height);
    fail_unless (b->sx == m->scale_x && b->sy == m->scale_y &&
        b->ox == m->offset_x && b->oy == m->offset_y,
        "slot %d: mapping differs from prep_plan_slot_map ()", i);
    slot_geometry (cfg, &vis[i], &sx, &sy, &ox, &oy);
    fail_unless (fabs (b->sx - sx) <= 1e-12 * sx && fabs (b->sy - sy) <=
        1e-12 * sy && b->ox == ox && b->oy == oy,
        "slot %d: scale %g,%g offset %g,%g, not %g,%g %g,%g", i, b->sx, b->sy,
        b->ox, b->oy, sx, sy, ox, oy);
    assert_mapping (cfg, b, ox, oy, sx * vis[i].width, sy * vis[i].height);
  }
}

/* ------------------------------------------------------------------------ */
/* Harness                                                                   */
/* ------------------------------------------------------------------------ */

static PrepRect
rect (gint x, gint y, gint width, gint height)
{
  PrepRect r = { x, y, width, height };

  return r;
}

/* "<<x,y,w,h>,...>" */
static gchar *
rois_string (const PrepRect * r, gint n)
{
  GString *s = g_string_new ("<");
  gint i;

  for (i = 0; i < n; i++)
    g_string_append_printf (s, "%s<%d,%d,%d,%d>", i ? "," : "", r[i].x,
        r[i].y, r[i].width, r[i].height);
  g_string_append (s, ">");
  return g_string_free (s, FALSE);
}

/* Sends FW x FH caps and a segment; FALSE when the element refused them. */
static gboolean
push_caps (GstHarness * h)
{
  return harness_push_caps (h, "video/x-raw, format=NV12, width=96, "
      "height=64, framerate=30/1, colorimetry=bt601");
}

/* Pops every error and warning posted so far (both at once:
 * gst_bus_pop_filtered () discards what does not match); their texts
 * appended to @text (may be NULL). */
static void
take_messages (GstBus * bus, guint * n_errors, guint * n_warnings,
    GString * text)
{
  GstMessage *msg;

  *n_errors = *n_warnings = 0;
  while ((msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_ERROR | GST_MESSAGE_WARNING)) != NULL) {
    GError *err = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      gst_message_parse_error (msg, &err, NULL);
      (*n_errors)++;
    } else {
      gst_message_parse_warning (msg, &err, NULL);
      (*n_warnings)++;
    }
    GST_INFO ("message: %s", err->message);
    if (text)
      g_string_append_printf (text, "%s\n", err->message);
    g_clear_error (&err);
    gst_message_unref (msg);
  }
}

/* Exactly @errors element errors and @warnings warnings since the last
 * call; their texts appended to @text (may be NULL). */
static void
assert_messages (GstBus * bus, guint errors, guint warnings, GString * text)
{
  guint n_errors, n_warnings;

  take_messages (bus, &n_errors, &n_warnings, text);
  fail_unless_equals_int (n_errors, errors);
  fail_unless_equals_int (n_warnings, warnings);
}

/* The tensor caps of @cfg: W:H:3:N (NHWC 3:W:H:N) and the type; takes
 * @caps. */
static void
assert_caps (GstCaps * caps, const PrepConfig * cfg)
{
  const GstStructure *s;
  gchar *dims;

  fail_unless (caps != NULL, "no caps event");
  s = gst_caps_get_structure (caps, 0);
  if (cfg->layout == PREP_LAYOUT_NHWC)
    dims = g_strdup_printf ("3:%d:%d:%d", cfg->out_width, cfg->out_height,
        cfg->batch_size);
  else
    dims = g_strdup_printf ("%d:%d:3:%d", cfg->out_width, cfg->out_height,
        cfg->batch_size);
  fail_unless_equals_string (gst_structure_get_string (s, "dimensions"), dims);
  fail_unless_equals_string (gst_structure_get_string (s, "types"),
      cfg->data_type == PREP_DTYPE_FLOAT16 ? "float16" : "float32");
  g_free (dims);
  gst_caps_unref (caps);
}

/* The caps event of the last push at step @i: @cfg's tensor caps when
 * the step must renegotiate, else none. */
static void
assert_caps_event (GstHarness * h, const PrepConfig * cfg,
    gboolean renegotiates, guint i)
{
  GstCaps *caps = last_caps_event (h);

  if (renegotiates)
    assert_caps (caps, cfg);
  else
    fail_unless (caps == NULL, "step %u: new caps, nothing changed", i);
}

static void
assert_no_messages (GstBus * bus)
{
  assert_messages (bus, 0, 0, NULL);
}

/* A GstVideoRegionOfInterestMeta to attach (the id set explicitly). */
typedef struct
{
  const gchar *type;
  guint x, y, w, h;
  gint id;
} MetaRoi;

static void
add_roi_metas (GstBuffer * buf, const MetaRoi * m, guint n)
{
  guint i;

  for (i = 0; i < n; i++)
    gst_buffer_add_video_region_of_interest_meta (buf, m[i].type, m[i].x,
        m[i].y, m[i].w, m[i].h)->id = m[i].id;
}

/* A fresh frame through the element: FW x FH, or with @crop_meta
 * BIG_W x BIG_H with a video and a crop meta; @n_metas ROI metas.  Its
 * output and box meta must be the engine's for the tensor @tmpl with the
 * @n slots @vis (visible coordinates), ids @ids (NULL: -1). */
static void
push_frame (GstHarness * h, guint32 seed, const PrepConfig * tmpl,
    const PrepRect * crop_meta, const MetaRoi * metas, guint n_metas,
    const PrepRect * vis, gint n, const gint * ids)
{
  gint dx = crop_meta ? crop_meta->x : 0, dy = crop_meta ? crop_meta->y : 0;
  PrepRect rects[PREP_BATCH_MAX];
  PrepConfig cfg = *tmpl;
  GstBuffer *in, *out;
  Expected e;
  Frame f;

  frame_init (&f, crop_meta ? BIG_W : FW, crop_meta ? BIG_H : FH, seed);
  cfg.src_width = f.width;
  cfg.src_height = f.height;
  rects_shift (vis, n, dx, dy, rects);
  expected_run (&cfg, rects, n, &f, &e);
  in = frame_buffer (&f, crop_meta);
  add_roi_metas (in, metas, n_metas);
  out = harness_push_pull (h, in);
  assert_tensor (out, &cfg, &e, seed, n);
  assert_box (out, &cfg, &e, vis, n, ids, dx, dy);
  if (cfg.data_type == PREP_DTYPE_FLOAT32)
    assert_pad_slots (out, &cfg, n, seed);
  gst_buffer_unref (out);
  g_free (e.data);
  frame_clear (&f);
}

/* ------------------------------------------------------------------------ */
/* The rois property                                                         */
/* ------------------------------------------------------------------------ */

static const PrepRect one[] = { {10, 8, 40, 30} };

/* overlapping; the last one touches the right and bottom edges */
static const PrepRect three[] = {
  {0, 0, 48, 32}, {24, 16, 48, 32}, {47, 31, 49, 33}
};

/* the whole frame, 1x1 in both corners, odd sizes, halves */
static const PrepRect eight[] = {
  {0, 0, 96, 64}, {95, 63, 1, 1}, {0, 0, 1, 1}, {13, 7, 17, 29},
  {48, 0, 48, 64}, {0, 32, 96, 32}, {30, 20, 36, 24}, {1, 1, 94, 62}
};

/* a 4x4 grid of tiles that touch each other */
static const PrepRect sixteen[] = {
  {0, 0, 24, 16}, {24, 0, 24, 16}, {48, 0, 24, 16}, {72, 0, 24, 16},
  {0, 16, 24, 16}, {24, 16, 24, 16}, {48, 16, 24, 16}, {72, 16, 24, 16},
  {0, 32, 24, 16}, {24, 32, 24, 16}, {48, 32, 24, 16}, {72, 32, 24, 16},
  {0, 48, 24, 16}, {24, 48, 24, 16}, {48, 48, 24, 16}, {72, 48, 24, 16}
};

static const PrepRect clamp_req[] = { {10, 10, 20, 20}, {80, 50, 30, 30} };
static const PrepRect clamp_res[] = { {10, 10, 20, 20}, {80, 50, 16, 14} };

/* without rois: the crop properties' rectangle */
static const PrepRect crops[] = {
  {0, 0, FW, FH}, {10, 4, 50, 40}, {31, 5, 65, 59}, {90, 0, 6, 64}
};

/* Fields left out are 0 or NULL: batch-size not set, the rois sampled,
 * no warning, no more properties. */
typedef struct
{
  const gchar *name;
  const PrepRect *rois;
  gint n_rois;
  gint batch_prop;              /* batch-size; 0: not set */
  gint out_w, out_h;
  PrepAspect aspect;
  PrepLayout layout;
  const PrepRect *used;         /* the rectangles sampled; NULL: rois */
  const gchar *warning;         /* in the one element warning; NULL: none */
  const gchar *props;           /* more properties */
} RoisCase;

#define SB PREP_ASPECT_STRETCH
#define LB PREP_ASPECT_LETTERBOX
#define NCHW PREP_LAYOUT_NCHW
#define NHWC PREP_LAYOUT_NHWC

static const RoisCase rois_cases[] = {
  {.name = "1, stretch nchw",.rois = one,.n_rois = 1,.out_w = 32,
      .out_h = 24,.aspect = SB,.layout = NCHW},
  {.name = "3, letterbox nhwc",.rois = three,.n_rois = 3,.out_w = 40,
      .out_h = 40,.aspect = LB,.layout = NHWC},
  {.name = "3, stretch nchw",.rois = three,.n_rois = 3,.out_w = 17,
      .out_h = 29,.aspect = SB,.layout = NCHW},
  {.name = "8, stretch nchw",.rois = eight,.n_rois = 8,.out_w = 24,
      .out_h = 20,.aspect = SB,.layout = NCHW},
  {.name = "8, letterbox nhwc",.rois = eight,.n_rois = 8,.out_w = 21,
      .out_h = 33,.aspect = LB,.layout = NHWC},
  {.name = "16, letterbox nchw",.rois = sixteen,.n_rois = 16,.out_w = 20,
      .out_h = 20,.aspect = LB,.layout = NCHW},
  {.name = "16, stretch nhwc",.rois = sixteen,.n_rois = 16,.out_w = 12,
      .out_h = 10,.aspect = SB,.layout = NHWC},
  {.name = "3 in a batch of 5",.rois = three,.n_rois = 3,.batch_prop = 5,
      .out_w = 16,.out_h = 16,.aspect = LB,.layout = NCHW},
  {.name = "1 in a batch of 4, nhwc",.rois = one,.n_rois = 1,
        .batch_prop = 4,.out_w = 16,.out_h = 12,.aspect = LB,
      .layout = NHWC},
  {.name = "8 in a batch of 3",.rois = eight,.n_rois = 8,.batch_prop = 3,
        .out_w = 16,.out_h = 16,.aspect = SB,.layout = NCHW,
      .warning = "8 rois for a batch of 3: the last 5 are not used"},
  {.name = "partly outside: clamped",.rois = clamp_req,.n_rois = 2,
        .out_w = 16,.out_h = 16,.aspect = LB,.layout = NCHW,
        .used = clamp_res,
      .warning = "ROI 1 (x=80, y=50, width=30, height=30) exceeds the "
        "96x64 frame; clamped to (x=80, y=50, width=16, height=14)"},
  {.name = "no rois: the frame",.out_w = 24,.out_h = 20,.aspect = SB,
      .layout = NCHW,.used = &crops[0]},
  {.name = "no rois: crop",.out_w = 24,.out_h = 20,.aspect = SB,
        .layout = NCHW,.used = &crops[1],
      .props = "crop-x=10 crop-y=4 crop-width=50 crop-height=40"},
  {.name = "no rois: crop to the edge",.out_w = 24,.out_h = 20,
        .aspect = LB,.layout = NHWC,.used = &crops[2],
      .props = "crop-x=31 crop-y=5"},
  {.name = "no rois: crop clamped",.batch_prop = 2,.out_w = 24,
        .out_h = 20,.aspect = LB,.layout = NCHW,.used = &crops[3],
      .warning = "Crop (x=90, y=0, width=20, height=0) exceeds the 96x64 "
        "frame",.props = "crop-x=90 crop-width=20"},
};

/* Every slot bit-identical to the engine's, the box meta, the caps. */
GST_START_TEST (test_rois_property)
{
  const RoisCase *c = &rois_cases[__i__];
  gchar *rois = rois_string (c->rois, c->n_rois);
  gchar *props = g_strdup_printf ("width=%d height=%d aspect=%s layout=%s "
      "batch-size=%d rois=%s %s", c->out_w, c->out_h,
      c->aspect == LB ? "letterbox" : "stretch",
      c->layout == NHWC ? "nhwc" : "nchw", c->batch_prop, rois,
      c->props ? c->props : "");
  gint n_rects = MAX (c->n_rois, 1);
  gint batch = c->batch_prop ? c->batch_prop : n_rects;
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  GString *text = g_string_new (NULL);
  PrepConfig cfg;
  gint i;

  GST_INFO ("case %s: %s", c->name, props);
  tensor_config (&cfg, c->out_w, c->out_h, batch, c->aspect, c->layout);
  fail_unless (push_caps (h), "%s: caps refused", c->name);
  for (i = 0; i < 2; i++)
    push_frame (h, 10 * __i__ + i, &cfg, NULL, NULL, 0,
        c->used ? c->used : c->rois, MIN (n_rects, batch), NULL);
  assert_caps (gst_pad_get_current_caps (h->sinkpad), &cfg);
  assert_messages (bus, 0, c->warning ? 1 : 0, text);
  if (c->warning)
    assert_contains (text, c->warning);
  g_string_free (text, TRUE);
  g_free (props);
  g_free (rois);
  harness_free (h, bus);
}

GST_END_TEST;

/* rois and batch-size changed while streaming: the batch in the caps
 * follows (renegotiation) when it changes, and only then. */
typedef struct
{
  const gchar *props;
  gint batch, n;
  const PrepRect *rects;
  gboolean new_caps;
} BatchStep;

static const BatchStep batch_steps[] = {
  {.props = "rois=<<10,8,40,30>>",.batch = 1,.n = 1,.rects = one,
      .new_caps = TRUE},
  {.props = "rois=<<0,0,48,32>,<24,16,48,32>,<47,31,49,33>>",.batch = 3,
      .n = 3,.rects = three,.new_caps = TRUE},
  {.props = "batch-size=8",.batch = 8,.n = 3,.rects = three,
      .new_caps = TRUE},
  {.props = "rois=<<10,8,40,30>>",.batch = 8,.n = 1,.rects = one,
      .new_caps = FALSE},
  {.props = "batch-size=0",.batch = 1,.n = 1,.rects = one,
      .new_caps = TRUE},
  {.props = "rois=<>",.batch = 1,.n = 1,.rects = crops,.new_caps = FALSE},
};

GST_START_TEST (test_batch_changes)
{
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=12", &bus);
  guint i;

  fail_unless (push_caps (h));
  for (i = 0; i < G_N_ELEMENTS (batch_steps); i++) {
    const BatchStep *b = &batch_steps[i];
    PrepConfig cfg;

    GST_INFO ("step %u: %s", i, b->props);
    set_props (h->element, b->props);
    tensor_config (&cfg, 16, 12, b->batch, SB, NCHW);
    push_frame (h, 300 + i, &cfg, NULL, NULL, 0, b->rects, b->n, NULL);
    assert_caps_event (h, &cfg, b->new_caps, i);
  }
  assert_no_messages (bus);
  harness_free (h, bus);
}

GST_END_TEST;

/* 64 rectangles are accepted: the limit is 64, not fewer. */
GST_START_TEST (test_rois_64)
{
  PrepRect r[PREP_BATCH_MAX];
  GstBus *bus;
  GstHarness *h;
  PrepConfig cfg;
  gchar *s, *props;
  gint i;

  for (i = 0; i < PREP_BATCH_MAX; i++)
    r[i] = rect (i, i / 2, 32, 2 + i % 3);
  s = rois_string (r, PREP_BATCH_MAX);
  props = g_strdup_printf ("width=4 height=4 rois=%s", s);
  h = harness_new (props, &bus);
  fail_unless (push_caps (h));
  tensor_config (&cfg, 4, 4, PREP_BATCH_MAX, SB, NCHW);
  push_frame (h, 990, &cfg, NULL, NULL, 0, r, PREP_BATCH_MAX, NULL);
  assert_no_messages (bus);
  g_free (props);
  g_free (s);
  harness_free (h, bus);
}

GST_END_TEST;

/* Clamp warnings are posted once per distinct rectangle and frame size,
 * as for the crop (docs/bad-input.md), and so is the batch-size one: a
 * property change that rebuilds the plan posts none again. */
GST_START_TEST (test_rois_warnings_once)
{
  GstBus *bus;
  GstHarness *h = harness_new ("width=8 height=8 batch-size=2 "
      "rois=<<80,50,30,30>,<-5,-5,20,20>,<0,0,4,4>>", &bus);
  GString *text = g_string_new (NULL);
  Frame f;

  frame_init (&f, FW, FH, 320);
  fail_unless (push_caps (h));
  gst_buffer_unref (harness_push_pull (h, frame_buffer (&f, NULL)));
  assert_messages (bus, 0, 3, text);
  assert_contains (text, "ROI 0 (x=80, y=50, width=30, height=30) exceeds");
  assert_contains (text, "ROI 1 (x=-5, y=-5, width=20, height=20) exceeds");
  assert_contains (text, "3 rois for a batch of 2");
  set_props (h->element, "pad-value=0");
  gst_buffer_unref (harness_push_pull (h, frame_buffer (&f, NULL)));
  set_props (h->element, "pad-value=1");
  gst_buffer_unref (harness_push_pull (h, frame_buffer (&f, NULL)));
  g_string_truncate (text, 0);
  assert_messages (bus, 0, 0, text);
  frame_clear (&f);
  g_string_free (text, TRUE);
  harness_free (h, bus);
}

GST_END_TEST;

/* rois moved wholly outside while playing: not-negotiated and an error
 * naming the ROI and the frame. */
static gchar *
get_rois (GstElement * e)
{
  GValue v = G_VALUE_INIT;
  gchar *s;

  g_value_init (&v, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (e), "rois", &v);
  s = gst_value_serialize (&v);
  g_value_unset (&v);
  return s;
}

GST_START_TEST (test_rois_outside_while_playing)
{
  GstBus *bus;
  GstHarness *h = harness_new ("width=8 height=8 rois=<<1,2,3,4>>", &bus);
  GString *text = g_string_new (NULL);
  gchar *rois;
  guint n_errors, n_warnings;
  Frame f;

  frame_init (&f, FW, FH, 330);
  fail_unless (push_caps (h));
  gst_buffer_unref (harness_push_pull (h, frame_buffer (&f, NULL)));
  /* refused like any bad value: a warning, the old value kept, the stream
   * goes on */
  set_props (h->element, "rois=<<1,2,3,4>,<200,0,5,5>>");
  take_messages (bus, &n_errors, &n_warnings, text);
  fail_unless_equals_int (n_errors, 0);
  fail_unless_equals_int (n_warnings, 1);
  assert_contains (text, "ROI 1 (x=200, y=0, width=5, height=5) is empty or "
      "lies outside the 96x64 frame being played");
  assert_contains (text, "keeping the previous value");
  rois = get_rois (h->element);
  fail_unless_equals_string (rois,
      "< (array)< (int)1, (int)2, (int)3, (int)4 > >");
  g_free (rois);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f, NULL)),
      GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_buffers_received (h), 2);
  frame_clear (&f);
  g_string_free (text, TRUE);
  harness_free (h, bus);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* roi-source=meta                                                           */
/* ------------------------------------------------------------------------ */

/* The metas of one buffer and the slots they must give (@n valid, the
 * others padding). */
typedef struct
{
  guint n_metas;
  MetaRoi metas[6];
  gint n;
  PrepRect rects[4];
  gint ids[4];
} MetaFrame;

static const MetaFrame meta_frames[] = {
  /* no metas: no valid slot */
  {.n_metas = 0,.n = 0},
  {.n_metas = 2,
        .metas = {{.type = "person",.x = 4,.y = 4,.w = 30,.h = 20,.id = 11},
            {.type = "car",.x = 50,.y = 30,.w = 40,.h = 30,.id = 12}},
        .n = 2,.rects = {{4, 4, 30, 20}, {50, 30, 40, 30}},
      .ids = {11, 12}},
  /* partly outside: clamped; x near G_MAXUINT: skipped; w, h G_MAXUINT:
   * clamped to the frame */
  {.n_metas = 5,
        .metas = {{.type = "person",.x = 60,.y = 40,.w = 50,.h = 50,.id = 21},
            {.type = "car",.x = G_MAXUINT - 5,.y = 3,.w = 10,.h = 10,.id = 22},
            {.type = "dog",.x = 2,.y = 3,
                .w = G_MAXUINT,.h = G_MAXUINT,.id = 23},
            {.type = "car",.x = 10,.y = 10,.w = 5,.h = 5,.id = 24},
            {.type = "person",.x = 0,.y = 0,.w = FW,.h = FH,.id = 25}},
        .n = 4,
        .rects = {{60, 40, 36, 24}, {2, 3, 94, 61}, {10, 10, 5, 5},
            {0, 0, FW, FH}},
      .ids = {21, 23, 24, 25}},
  /* empty ones skipped, then the first 4 of 5 */
  {.n_metas = 6,
        .metas = {{.type = "a",.x = 5,.y = 5,.w = 0,.h = 9,.id = 31},
            {.type = "a",.x = 1,.y = 2,.w = 3,.h = 4,.id = 32},
            {.type = "b",.x = 96,.y = 10,.w = 9,.h = 9,.id = 33},
            {.type = "a",.x = 5,.y = 6,.w = 7,.h = 8,.id = 34},
            {.type = "c",.x = 9,.y = 10,.w = 11,.h = 12,.id = 35},
            {.type = "a",.x = 13,.y = 14,.w = 15,.h = 16,.id = 36}},
        .n = 4,
        .rects = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12},
            {13, 14, 15, 16}},
      .ids = {32, 34, 35, 36}},
  {.n_metas = 1,
        .metas = {{.type = "person",.x = 95,.y = 63,.w = 1,.h = 1,.id = 41}},
      .n = 1,.rects = {{95, 63, 1, 1}},.ids = {41}},
};

/* The input's ROI metas travel with the tensor, unchanged, and the box
 * meta's roi-id of each slot names one of them. */
GST_START_TEST (test_roi_metas_carried)
{
  static const MetaRoi in[] = {
    {.type = "person",.x = 10,.y = 8,.w = 20,.h = 30,.id = 7},
    {.type = "car",.x = 40,.y = 20,.w = 30,.h = 20,.id = 9},
  };
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=16 roi-source=meta "
      "batch-size=4", &bus);
  GstBuffer *buf, *out;
  GstVideoRegionOfInterestMeta *m;
  gpointer state = NULL;
  Frame f;
  Box box;
  guint i = 0;

  fail_unless (push_caps (h));
  frame_init (&f, FW, FH, 990);
  buf = frame_buffer (&f, NULL);
  add_roi_metas (buf, in, G_N_ELEMENTS (in));
  out = harness_push_pull (h, buf);
  while ((m = (GstVideoRegionOfInterestMeta *)
          gst_buffer_iterate_meta_filtered (out, &state,
              GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE)) != NULL) {
    fail_unless (i < G_N_ELEMENTS (in));
    fail_unless_equals_string (g_quark_to_string (m->roi_type), in[i].type);
    fail_unless (m->x == in[i].x && m->y == in[i].y && m->w == in[i].w &&
        m->h == in[i].h);
    fail_unless_equals_int (m->id, in[i].id);
    i++;
  }
  fail_unless_equals_int (i, G_N_ELEMENTS (in));
  read_box (out, &box);
  fail_unless_equals_int (box.valid, 2);
  fail_unless_equals_int (box.slot[0].roi_id, 7);
  fail_unless_equals_int (box.slot[1].roi_id, 9);
  gst_buffer_unref (out);
  frame_clear (&f);
  assert_no_messages (bus);
  harness_free (h, bus);
}

GST_END_TEST;

/* The number of valid slots and their rectangles change per buffer, the
 * caps do not. */
GST_START_TEST (test_roi_meta)
{
  GstBus *bus;
  GstHarness *h = harness_new ("roi-source=meta batch-size=4 width=32 "
      "height=32 aspect=letterbox", &bus);
  PrepConfig cfg;
  guint i;

  tensor_config (&cfg, 32, 32, 4, LB, NCHW);
  fail_unless (push_caps (h));
  for (i = 0; i < G_N_ELEMENTS (meta_frames); i++) {
    const MetaFrame *m = &meta_frames[i];

    push_frame (h, 400 + i, &cfg, NULL, m->metas, m->n_metas, m->rects, m->n,
        m->ids);
    assert_caps_event (h, &cfg, i == 0, i);
  }
  /* clamps and skips are silent (docs/bad-input.md) */
  assert_no_messages (bus);
  harness_free (h, bus);
}

GST_END_TEST;

/* roi-type keeps only the metas of that type; changed while streaming. */
static const MetaRoi typed_metas[] = {
  {.type = "car",.x = 0,.y = 0,.w = 20,.h = 20,.id = 1},
  {.type = "person",.x = 10,.y = 5,.w = 30,.h = 40,.id = 2},
  {.type = "dog",.x = 40,.y = 30,.w = 8,.h = 8,.id = 3},
  {.type = "person",.x = 50,.y = 20,.w = 40,.h = 40,.id = 4},
};

GST_START_TEST (test_roi_type)
{
  static const struct
  {
    const gchar *type;
    gint n;
    PrepRect rects[3];
    gint ids[3];
  } steps[] = {
    {.type = "person",.n = 2,.rects = {{10, 5, 30, 40}, {50, 20, 40, 40}},
        .ids = {2, 4}},
    {.type = "car",.n = 1,.rects = {{0, 0, 20, 20}},.ids = {1}},
    /* no meta of the type: no valid slot */
    {.type = "cat",.n = 0},
    {.type = "",.n = 3,
          .rects = {{0, 0, 20, 20}, {10, 5, 30, 40}, {40, 30, 8, 8}},
        .ids = {1, 2, 3}},
  };
  GstBus *bus;
  GstHarness *h = harness_new ("roi-source=meta batch-size=3 width=16 "
      "height=16", &bus);
  GString *text = g_string_new (NULL);
  guint n_errors, n_warnings;
  PrepConfig cfg;
  guint i;

  tensor_config (&cfg, 16, 16, 3, SB, NCHW);
  fail_unless (push_caps (h));
  for (i = 0; i < G_N_ELEMENTS (steps); i++) {
    g_object_set (h->element, "roi-type", steps[i].type, NULL);
    push_frame (h, 500 + i, &cfg, NULL, typed_metas,
        G_N_ELEMENTS (typed_metas), steps[i].rects, steps[i].n, steps[i].ids);
  }
  /* the last step drops metas beyond the batch: one warning says so */
  take_messages (bus, &n_errors, &n_warnings, text);
  fail_unless_equals_int (n_errors, 0);
  fail_unless_equals_int (n_warnings, 1);
  assert_contains (text, "more than the 3 slots of batch-size hold");
  assert_contains (text, "raise batch-size");
  g_string_free (text, TRUE);
  harness_free (h, bus);
}

GST_END_TEST;

/* roi-source switched while streaming, the batch fixed: no new caps. */
GST_START_TEST (test_roi_source_switch)
{
  static const PrepRect rects[] = {
    {0, 0, 20, 20}, {10, 5, 30, 40}, {40, 30, 8, 8}
  };
  static const gint ids[] = { 1, 2, 3 };
  static const gchar *sources[] = { "property", "meta", "property", "meta" };
  GstBus *bus;
  GstHarness *h = harness_new ("batch-size=3 width=12 height=12 "
      "rois=<<10,8,40,30>>", &bus);
  PrepConfig cfg;
  guint i;

  tensor_config (&cfg, 12, 12, 3, SB, NCHW);
  fail_unless (push_caps (h));
  for (i = 0; i < G_N_ELEMENTS (sources); i++) {
    gboolean meta = g_str_equal (sources[i], "meta");

    gst_util_set_object_arg (G_OBJECT (h->element), "roi-source", sources[i]);
    push_frame (h, 550 + i, &cfg, NULL, typed_metas, 3,
        meta ? rects : one, meta ? 3 : 1, meta ? ids : NULL);
    assert_caps_event (h, &cfg, i == 0, i);
  }
  assert_no_messages (bus);
  harness_free (h, bus);
}

GST_END_TEST;

/* An upstream box meta (cudapreproc earlier in the pipeline) is not passed
 * on: the output has one box meta, this element's. */
GST_START_TEST (test_box_meta_replaced)
{
  GstBus *bus;
  GstHarness *h = harness_new ("width=8 height=8 rois=<<10,8,40,30>>", &bus);
  GstCustomMeta *old;
  GstBuffer *in, *out;
  GstMeta *m;
  gpointer state = NULL;
  guint n = 0;
  Frame f;

  frame_init (&f, FW, FH, 560);
  fail_unless (push_caps (h));
  in = frame_buffer (&f, NULL);
  old = gst_buffer_add_custom_meta (in, BOX_META);
  fail_unless (old != NULL);
  gst_structure_set (gst_custom_meta_get_structure (old), "batch-size",
      G_TYPE_UINT, 7, NULL);
  out = harness_push_pull (h, in);
  while ((m = gst_buffer_iterate_meta (out, &state)) != NULL)
    if (gst_meta_info_is_custom (m->info) &&
        gst_custom_meta_has_name ((GstCustomMeta *) m, BOX_META))
      n++;
  fail_unless_equals_int (n, 1);
  fail_unless (gst_structure_get_uint (gst_custom_meta_get_structure
          (gst_buffer_get_custom_meta (out, BOX_META)), "batch-size", &n));
  fail_unless_equals_int (n, 1);
  gst_buffer_unref (out);
  frame_clear (&f);
  assert_no_messages (bus);
  harness_free (h, bus);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* float16                                                                   */
/* ------------------------------------------------------------------------ */

/* types=float16 caps, the engine's float16 bytes. */
GST_START_TEST (test_float16)
{
  static const struct
  {
    const gchar *props;
    PrepLayout layout;
    PrepAspect aspect;
    gboolean imagenet;
  } cases[] = {
    {.props = "layout=nchw aspect=letterbox",.layout = NCHW,.aspect = LB,
        .imagenet = FALSE},
    {.props = "layout=nhwc aspect=stretch",.layout = NHWC,.aspect = SB,
        .imagenet = FALSE},
    {.props = "layout=nhwc aspect=letterbox mean=<0.485,0.456,0.406> "
          "std=<0.229,0.224,0.225>",.layout = NHWC,.aspect = LB,
        .imagenet = TRUE},
  };
  static const gdouble mean[3] = { 0.485, 0.456, 0.406 };
  static const gdouble std[3] = { 0.229, 0.224, 0.225 };
  gchar *props = g_strdup_printf ("data-type=float16 width=20 height=16 "
      "batch-size=3 rois=<<0,0,48,32>,<24,16,48,32>> %s", cases[__i__].props);
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  PrepConfig cfg;
  gint i;

  tensor_config (&cfg, 20, 16, 3, cases[__i__].aspect, cases[__i__].layout);
  cfg.data_type = PREP_DTYPE_FLOAT16;
  if (cases[__i__].imagenet) {
    memcpy (cfg.mean, mean, sizeof (mean));
    memcpy (cfg.std, std, sizeof (std));
  }
  fail_unless (push_caps (h));
  for (i = 0; i < 2; i++)
    push_frame (h, 600 + i, &cfg, NULL, NULL, 0, three, 2, NULL);
  assert_caps (gst_pad_get_current_caps (h->sinkpad), &cfg);
  assert_no_messages (bus);
  g_free (props);
  harness_free (h, bus);
}

GST_END_TEST;

/* data-type changed while streaming renegotiates the type, and only then. */
GST_START_TEST (test_data_type_renegotiates)
{
  static const gchar *types[] = { "float32", "float16", "float16", "float32" };
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=8 layout=nhwc", &bus);
  guint i;

  fail_unless (push_caps (h));
  for (i = 0; i < G_N_ELEMENTS (types); i++) {
    PrepConfig cfg;

    gst_util_set_object_arg (G_OBJECT (h->element), "data-type", types[i]);
    tensor_config (&cfg, 16, 8, 1, SB, NHWC);
    if (g_str_equal (types[i], "float16"))
      cfg.data_type = PREP_DTYPE_FLOAT16;
    push_frame (h, 700 + i, &cfg, NULL, NULL, 0, crops, 1, NULL);
    assert_caps_event (h, &cfg, i == 0
        || !g_str_equal (types[i], types[i - 1]), i);
  }
  assert_no_messages (bus);
  harness_free (h, bus);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* GstVideoCropMeta                                                          */
/* ------------------------------------------------------------------------ */

/* A BIG_W x BIG_H frame with a crop meta, FW x FH caps: the crop and the
 * rois refer to the visible area. */
typedef struct
{
  const gchar *name, *props;
  PrepRect crop_meta;
  gint n;
  PrepRect vis[3];              /* expected rectangles, visible coordinates */
  PrepAspect aspect;
} CropMetaCase;

static const CropMetaCase crop_meta_cases[] = {
  {.name = "the visible area",.props = "",.crop_meta = {10, 6, FW, FH},
      .n = 1,.vis = {{0, 0, FW, FH}},.aspect = SB},
  {.name = "crop properties",
        .props = "crop-x=4 crop-y=2 crop-width=50 crop-height=40",
        .crop_meta = {10, 6, FW, FH},.n = 1,.vis = {{4, 2, 50, 40}},
      .aspect = SB},
  {.name = "crop to the visible edge",
        .props = "crop-x=30 crop-y=20 aspect=letterbox",
        .crop_meta = {10, 6, FW, FH},.n = 1,.vis = {{30, 20, 66, 44}},
      .aspect = LB},
  {.name = "rois",
        .props = "rois=<<0,0,20,20>,<30,10,40,30>,<95,63,1,1>> "
        "aspect=letterbox",.crop_meta = {10, 6, FW, FH},.n = 3,
        .vis = {{0, 0, 20, 20}, {30, 10, 40, 30}, {95, 63, 1, 1}},
      .aspect = LB},
  {.name = "odd offsets",.props = "rois=<<1,3,31,17>,<45,21,51,43>>",
        .crop_meta = {11, 7, FW, FH},.n = 2,
      .vis = {{1, 3, 31, 17}, {45, 21, 51, 43}},.aspect = SB},
  {.name = "odd offsets, crop",
        .props = "crop-x=3 crop-y=1 crop-width=33 crop-height=21",
        .crop_meta = {31, 29, FW, FH},.n = 1,.vis = {{3, 1, 33, 21}},
      .aspect = SB},
  /* a visible area smaller than the caps: rois clamped to it */
  {.name = "small visible area",.props = "rois=<<5,5,20,20>,<40,20,50,40>>",
        .crop_meta = {17, 9, 60, 40},.n = 2,
      .vis = {{5, 5, 20, 20}, {40, 20, 20, 20}},.aspect = SB},
};

GST_START_TEST (test_crop_meta)
{
  const CropMetaCase *c = &crop_meta_cases[__i__];
  gchar *props = g_strdup_printf ("width=24 height=16 %s", c->props);
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  PrepConfig cfg;
  gint i;

  GST_INFO ("case %s", c->name);
  tensor_config (&cfg, 24, 16, c->n, c->aspect, NCHW);
  fail_unless (push_caps (h));
  for (i = 0; i < 2; i++)
    push_frame (h, 800 + 10 * __i__ + i, &cfg, &c->crop_meta, NULL, 0, c->vis,
        c->n, NULL);
  /* back to plain FW x FH frames: the same rectangles, unshifted */
  if (c->crop_meta.width == FW && c->crop_meta.height == FH)
    push_frame (h, 890 + __i__, &cfg, NULL, NULL, 0, c->vis, c->n, NULL);
  assert_no_messages (bus);
  g_free (props);
  harness_free (h, bus);
}

GST_END_TEST;

/* The crop meta moves from frame to frame (a pan): each frame's own. */
GST_START_TEST (test_crop_meta_moves)
{
  static const PrepRect moves[] = {
    {10, 6, FW, FH}, {0, 0, FW, FH}, {32, 32, FW, FH}, {11, 7, FW, FH},
    {31, 1, FW, FH},
  };
  static const PrepRect vis[] = { {0, 0, 20, 20}, {51, 31, 45, 33} };
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=16 aspect=letterbox "
      "rois=<<0,0,20,20>,<51,31,45,33>>", &bus);
  PrepConfig cfg;
  guint i;

  tensor_config (&cfg, 16, 16, 2, LB, NCHW);
  fail_unless (push_caps (h));
  for (i = 0; i < G_N_ELEMENTS (moves); i++)
    push_frame (h, 870 + i, &cfg, &moves[i], NULL, 0, vis, 2, NULL);
  assert_no_messages (bus);
  harness_free (h, bus);
}

GST_END_TEST;

/* roi-source=meta within a crop meta: ROI metas are in visible
 * coordinates and clamped to the visible area. */
GST_START_TEST (test_crop_meta_roi_meta)
{
  static const MetaRoi metas[] = {
    {.type = "a",.x = 5,.y = 5,.w = 20,.h = 20,.id = 1},
    {.type = "a",.x = 90,.y = 60,.w = 20,.h = 20,.id = 2},
    {.type = "a",.x = 96,.y = 0,.w = 5,.h = 5,.id = 3},
  };
  static const PrepRect vis[] = { {5, 5, 20, 20}, {90, 60, 6, 4} };
  static const gint ids[] = { 1, 2 };
  static const PrepRect crop = { 11, 7, FW, FH };
  GstBus *bus;
  GstHarness *h = harness_new ("roi-source=meta batch-size=3 width=16 "
      "height=16 aspect=letterbox", &bus);
  PrepConfig cfg;

  tensor_config (&cfg, 16, 16, 3, LB, NCHW);
  fail_unless (push_caps (h));
  push_frame (h, 900, &cfg, &crop, metas, G_N_ELEMENTS (metas), vis, 2, ids);
  assert_no_messages (bus);
  harness_free (h, bus);
}

GST_END_TEST;

/* A crop meta that leaves a rois rectangle wholly outside: warning, frame
 * dropped, and the next frames are fine. */
GST_START_TEST (test_crop_meta_rect_outside)
{
  static const PrepRect small = { 10, 6, 50, 30 }, full = { 10, 6, FW, FH };
  static const PrepRect vis[] = { {5, 5, 10, 10}, {60, 40, 30, 20} };
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=16 "
      "rois=<<5,5,10,10>,<60,40,30,20>>", &bus);
  GString *text = g_string_new (NULL);
  PrepConfig cfg;
  Frame f;

  tensor_config (&cfg, 16, 16, 2, SB, NCHW);
  fail_unless (push_caps (h));
  frame_init (&f, BIG_W, BIG_H, 950);
  /* two frames in a row dropped: one warning */
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f, &small)),
      GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f, &small)),
      GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  assert_messages (bus, 0, 1, text);
  assert_contains (text, "Rectangle 1 (x=60, y=40, width=30, height=20)");
  assert_contains (text, "50x30");
  assert_contains (text, "frame dropped");
  frame_clear (&f);
  push_frame (h, 951, &cfg, &full, NULL, 0, vis, 2, NULL);
  push_frame (h, 952, &cfg, NULL, NULL, 0, vis, 2, NULL);
  assert_no_messages (bus);
  g_string_free (text, TRUE);
  harness_free (h, bus);
}

GST_END_TEST;

/* Behind a crop meta the frame is the video meta's: strides wide enough
 * for the caps but not for that frame drop the frame with a warning (not
 * an error), and the stream goes on. */
GST_START_TEST (test_crop_meta_short_stride)
{
  static const PrepRect vis = { 10, 6, FW, FH }, whole = { 0, 0, FW, FH };
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=16", &bus);
  GString *text = g_string_new (NULL);
  PrepConfig cfg;
  Frame f;

  tensor_config (&cfg, 16, 16, 1, SB, NCHW);
  fail_unless (push_caps (h));
  frame_init (&f, BIG_W, BIG_H, 960);
  f.stride[0] = f.stride[1] = FW + 8;
  fail_unless (FW + 8 < BIG_W);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f, &vis)),
      GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  assert_messages (bus, 0, 1, text);
  assert_contains (text, "Strides 104, 104 are too small");
  assert_contains (text, "frame dropped");
  frame_clear (&f);
  push_frame (h, 961, &cfg, &vis, NULL, 0, &whole, 1, NULL);
  assert_no_messages (bus);
  g_string_free (text, TRUE);
  harness_free (h, bus);
}

GST_END_TEST;

/* The element asks upstream for video and crop metas. */
GST_START_TEST (test_crop_meta_allocation)
{
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=16", &bus);
  GstCaps *caps = gst_caps_from_string ("video/x-raw, format=NV12, "
      "width=96, height=64, framerate=30/1, colorimetry=bt601");
  GstQuery *q = gst_query_new_allocation (caps, TRUE);

  fail_unless (push_caps (h));
  fail_unless (gst_pad_peer_query (h->srcpad, q));
  fail_unless (gst_query_find_allocation_meta (q, GST_VIDEO_META_API_TYPE,
          NULL));
  fail_unless (gst_query_find_allocation_meta (q,
          GST_VIDEO_CROP_META_API_TYPE, NULL));
  gst_query_unref (q);
  gst_caps_unref (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Bad input                                                                 */
/* ------------------------------------------------------------------------ */

/* A rois value with one double in it: a non-integer entry. */
static void
set_rois_non_integer (GstElement * e)
{
  GValue rois = G_VALUE_INIT, r = G_VALUE_INIT;
  gint i;

  g_value_init (&rois, GST_TYPE_ARRAY);
  g_value_init (&r, GST_TYPE_ARRAY);
  /* doubles (an array's values share one type) */
  for (i = 0; i < 4; i++) {
    GValue v = G_VALUE_INIT;

    g_value_init (&v, G_TYPE_DOUBLE);
    g_value_set_double (&v, i == 2 ? 3.5 : 4.0);
    gst_value_array_append_and_take_value (&r, &v);
  }
  gst_value_array_append_and_take_value (&rois, &r);
  g_object_set_property (G_OBJECT (e), "rois", &rois);
  g_value_unset (&rois);
}

static const gchar *refused_rois[] = {
  "<<0,0,-5,4>>", "<<0,0,5,0>>", "<<1,2,3>>", "<<1,2,3,4>,<5,6,7>>",
  "<<1,2,3,4,5>>", "<<1,2,3,4>,<0,0,0,0>>", "65 rectangles", "non-integer",
};

/* Refused with a warning, the old value kept. */
GST_START_TEST (test_rois_refused)
{
  const gchar *bad = refused_rois[__i__];
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  gchar *before, *after;

  gst_util_set_object_arg (G_OBJECT (e), "rois", "<<1,2,3,4>,<5,6,7,8>>");
  before = get_rois (e);
  fail_unless_equals_string (before,
      "< (array)< (int)1, (int)2, (int)3, (int)4 >, "
      "(array)< (int)5, (int)6, (int)7, (int)8 > >");
  if (g_str_equal (bad, "non-integer")) {
    ASSERT_BUS_REFUSAL (e, "is not an integer", set_rois_non_integer (e));
  } else if (g_str_equal (bad, "65 rectangles")) {
    PrepRect r[65];
    gchar *s;
    gint i;

    for (i = 0; i < 65; i++)
      r[i] = rect (i, i, 2, 2);
    s = rois_string (r, 65);
    ASSERT_BUS_REFUSAL (e, "rois", gst_util_set_object_arg (G_OBJECT (e),
            "rois", s));
    g_free (s);
  } else {
    ASSERT_BUS_REFUSAL (e, "rois", gst_util_set_object_arg (G_OBJECT (e),
            "rois", bad));
  }
  after = get_rois (e);
  fail_unless_equals_string (after, before);
  g_free (before);
  g_free (after);
  gst_object_unref (e);
}

GST_END_TEST;

/* Negotiation that must fail: not-negotiated and an element error naming
 * the cause; with @fix set, the same caps then negotiate (for float16:
 * the normalization is refused only for float16). */
typedef struct
{
  const gchar *props;
  const gchar *text[2];
  const gchar *fix;
} RefusedCase;

static const RefusedCase refused_cases[] = {
  {"rois=<<0,0,10,10>,<100,0,5,5>>", {"ROI 1 (x=100, y=0, width=5, "
              "height=5) is empty or lies outside the 96x64 frame"},
      "rois=<<0,0,10,10>,<90,0,5,5>>"},
  {"rois=<<10,64,5,5>>", {"ROI 0 (x=10, y=64", "96x64"}, "rois=<>"},
  {"rois=<<1,1,1,1>,<2,2,2,2>,<-10,-10,5,5>> batch-size=3",
      {"ROI 2 (x=-10, y=-10", "96x64"}},
  {"data-type=float16 scale=1000 std=<0.001,0.001,0.001>",
      {"Cannot prepare the 1x3x8x8 float16 tensor"}, "data-type=float32"},
  {"data-type=float16 mean=<-70000,0,0> scale=1", {"float16"},
      "data-type=float32"},
};

GST_START_TEST (test_negotiation_refused)
{
  const RefusedCase *c = &refused_cases[__i__];
  gchar *props = g_strdup_printf ("width=8 height=8 %s", c->props);
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  GString *text = g_string_new (NULL);
  guint n_errors, n_warnings;
  Frame f;
  gint i;

  frame_init (&f, FW, FH, 1000);
  fail_if (push_caps (h), "caps accepted with %s", c->props);
  take_messages (bus, &n_errors, &n_warnings, text);
  fail_unless (n_errors >= 1, "no element error");
  for (i = 0; i < 2; i++)
    if (c->text[i])
      assert_contains (text, c->text[i]);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f, NULL)),
      GST_FLOW_NOT_NEGOTIATED);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  if (c->fix) {
    set_props (h->element, c->fix);
    fail_unless (push_caps (h), "caps refused after %s", c->fix);
    gst_buffer_unref (harness_push_pull (h, frame_buffer (&f, NULL)));
    assert_no_messages (bus);
  }
  g_string_free (text, TRUE);
  frame_clear (&f);
  g_free (props);
  harness_free (h, bus);
}

GST_END_TEST;

static Suite *
element_rois_suite (void)
{
  Suite *s = suite_create ("cudapreproc-rois");
  TCase *rois = tcase_create ("rois");
  TCase *meta = tcase_create ("roi-meta");
  TCase *half = tcase_create ("float16");
  TCase *crop = tcase_create ("crop-meta");
  TCase *bad = tcase_create ("bad-input");

  suite_add_tcase (s, rois);
  tcase_add_loop_test (rois, test_rois_property, 0, G_N_ELEMENTS (rois_cases));
  tcase_add_test (rois, test_batch_changes);
  tcase_add_test (rois, test_rois_64);
  tcase_add_test (rois, test_rois_warnings_once);
  tcase_add_test (rois, test_roi_metas_carried);
  tcase_add_test (rois, test_rois_outside_while_playing);
  suite_add_tcase (s, meta);
  tcase_add_test (meta, test_roi_meta);
  tcase_add_test (meta, test_roi_type);
  tcase_add_test (meta, test_roi_source_switch);
  tcase_add_test (meta, test_box_meta_replaced);
  suite_add_tcase (s, half);
  tcase_add_loop_test (half, test_float16, 0, 3);
  tcase_add_test (half, test_data_type_renegotiates);
  suite_add_tcase (s, crop);
  tcase_add_loop_test (crop, test_crop_meta, 0, G_N_ELEMENTS (crop_meta_cases));
  tcase_add_test (crop, test_crop_meta_moves);
  tcase_add_test (crop, test_crop_meta_roi_meta);
  tcase_add_test (crop, test_crop_meta_rect_outside);
  tcase_add_test (crop, test_crop_meta_short_stride);
  tcase_add_test (crop, test_crop_meta_allocation);
  suite_add_tcase (s, bad);
  tcase_add_loop_test (bad, test_rois_refused, 0, G_N_ELEMENTS (refused_rois));
  tcase_add_loop_test (bad, test_negotiation_refused, 0,
      G_N_ELEMENTS (refused_cases));
  return s;
}

GST_CHECK_MAIN (element_rois);
