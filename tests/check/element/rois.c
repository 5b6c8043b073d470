/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* gst-check suite of the box-mapping meta (gst/gstcudapreproc-meta.c) and of
 * the ROIs taken from GstVideoRegionOfInterestMeta (gst/gstcudapreproc-rois.c):
 *  - the meta is read back the way an application reads it, with GStreamer's
 *    public API and the meta's name only, and every field is checked against
 *    the test's own table; points go tensor -> frame -> tensor with the
 *    formulas of docs/meta.md, and known frame points are checked by value;
 *  - what GStreamer 1.22 does with the meta on buffer copies;
 *  - bad arguments attach nothing;
 *  - ROIs: 0, 1 and 5 metas of mixed types, filtering by type, order, ids,
 *    clamping (with x, w up to G_MAXUINT), empty boxes skipped, a @max
 *    smaller than the count, and the debug lines.
 * Expected rectangles are written out by hand in the tables. */

#include <math.h>
#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "gstcudapreproc-meta.h"
#include "gstcudapreproc-rois.h"

/* What an application uses: the name, not the plugin's header. */
#define BOX_META_NAME "GstCudaPreprocBoxMeta"

/* ------------------------------------------------------------------------ */
/* Reading the meta as an application does                                  */
/* ------------------------------------------------------------------------ */

static const GstStructure *
read_box (GstBuffer * buf)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (buf, BOX_META_NAME);

  fail_unless (meta != NULL, "no box meta on the buffer");
  return gst_custom_meta_get_structure (meta);
}

static const GstStructure *
read_slot (const GstStructure * box, guint i)
{
  const GValue *slots = gst_structure_get_value (box, "slots");
  const GValue *v;

  fail_unless (slots != NULL && GST_VALUE_HOLDS_ARRAY (slots));
  fail_unless (i < gst_value_array_get_size (slots));
  v = gst_value_array_get_value (slots, i);
  fail_unless (GST_VALUE_HOLDS_STRUCTURE (v));
  return gst_value_get_structure (v);
}

static gint
get_int (const GstStructure * s, const gchar * field)
{
  gint v = 0;

  fail_unless (gst_structure_has_field_typed (s, field, G_TYPE_INT), "%s",
      field);
  fail_unless (gst_structure_get_int (s, field, &v));
  return v;
}

static guint
get_uint (const GstStructure * s, const gchar * field)
{
  guint v = 0;

  fail_unless (gst_structure_has_field_typed (s, field, G_TYPE_UINT), "%s",
      field);
  fail_unless (gst_structure_get_uint (s, field, &v));
  return v;
}

static gdouble
get_double (const GstStructure * s, const gchar * field)
{
  gdouble v = 0;

  fail_unless (gst_structure_has_field_typed (s, field, G_TYPE_DOUBLE), "%s",
      field);
  fail_unless (gst_structure_get_double (s, field, &v));
  return v;
}

static gboolean
get_boolean (const GstStructure * s, const gchar * field)
{
  gboolean v = FALSE;

  fail_unless (gst_structure_has_field_typed (s, field, G_TYPE_BOOLEAN),
      "%s", field);
  fail_unless (gst_structure_get_boolean (s, field, &v));
  return v;
}

static guint
count_box_metas (GstBuffer * buf)
{
  const GstMetaInfo *info = gst_meta_get_info (BOX_META_NAME);

  return info ? gst_buffer_get_n_meta (buf, info->api) : 0;
}

/* ------------------------------------------------------------------------ */
/* The test's own slots                                                      */
/* ------------------------------------------------------------------------ */

/* A 1920x1080 frame letterboxed into 640x640 (scale 1/3, bands of 140 rows
 * above and below), a 300x150 ROI at 100,200 letterboxed into 640x640
 * (640x320 inside, offset_y 160), and an invalid slot whose map holds
 * garbage that must not show. */
static const PrepBoxMap three_maps[3] = {
  {{0, 0, 1920, 1080}, 1.0 / 3.0, 1.0 / 3.0, 0.0, 140.0, 1},
  {{100, 200, 300, 150}, 640.0 / 300.0, 320.0 / 150.0, 0.0, 160.0, 1},
  {{5, 6, 7, 8}, 2.0, 3.0, 4.0, 5.0, 0},
};

/* From ROI metas 7 and 9 (the invalid slot's 11 must not show), and from
 * no analytics object. */
static const GstCudaPreprocObject three_objects[3] = {
  {7, -1, 0}, {9, -1, 0}, {11, 4, 0},
};

typedef struct
{
  gboolean valid;
  gint roi_id;
  gint x, y, width, height;
  gdouble scale_x, scale_y, offset_x, offset_y;
} SlotExpect;

static const SlotExpect three_expect[3] = {
  {TRUE, 7, 0, 0, 1920, 1080, 1.0 / 3.0, 1.0 / 3.0, 0.0, 140.0},
  {TRUE, 9, 100, 200, 300, 150, 640.0 / 300.0, 320.0 / 150.0, 0.0, 160.0},
  {FALSE, -1, 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0},
};

static GstBuffer *
buffer_with_three (void)
{
  GstBuffer *buf = gst_buffer_new_allocate (NULL, 64, NULL);

  fail_unless (gst_cuda_preproc_box_meta_add (buf, three_maps, three_objects, 3,
          640, 640));
  return buf;
}

static void
check_slot (const GstStructure * slot, guint index, const SlotExpect * e)
{
  fail_unless (gst_structure_has_name (slot, "slot"));
  fail_unless_equals_int (gst_structure_n_fields (slot), 12);
  fail_unless_equals_int (get_uint (slot, "index"), index);
  fail_unless_equals_int (get_boolean (slot, "valid"), e->valid);
  fail_unless_equals_int (get_int (slot, "roi-id"), e->roi_id);
  fail_unless_equals_int (get_int (slot, "mtd-id"), -1);
  fail_unless_equals_int (get_int (slot, "x"), e->x);
  fail_unless_equals_int (get_int (slot, "y"), e->y);
  fail_unless_equals_int (get_int (slot, "width"), e->width);
  fail_unless_equals_int (get_int (slot, "height"), e->height);
  fail_unless_equals_float (get_double (slot, "scale-x"), e->scale_x);
  fail_unless_equals_float (get_double (slot, "scale-y"), e->scale_y);
  fail_unless_equals_float (get_double (slot, "offset-x"), e->offset_x);
  fail_unless_equals_float (get_double (slot, "offset-y"), e->offset_y);
}

/* ------------------------------------------------------------------------ */
/* Meta tests                                                                */
/* ------------------------------------------------------------------------ */

GST_START_TEST (test_meta_register_twice)
{
  const GstMetaInfo *info;

  fail_unless_equals_string (GST_CUDA_PREPROC_BOX_META_NAME, BOX_META_NAME);
  gst_cuda_preproc_box_meta_register ();
  gst_cuda_preproc_box_meta_register ();
  info = gst_meta_get_info (BOX_META_NAME);
  fail_unless (info != NULL);
  fail_unless (gst_meta_info_is_custom (info));
  /* No tags: GstBaseTransform copies such metas by default. */
  fail_unless (gst_meta_api_type_get_tags (info->api) == NULL);
}

GST_END_TEST;

/* The application registered the name first (to read it before the plugin
 * is loaded): registering again must not warn (a gst-check failure). */
GST_START_TEST (test_meta_register_after_application)
{
  static const gchar *tags[] = { NULL };
  const GstMetaInfo *info;

  if (gst_meta_get_info (BOX_META_NAME) == NULL)
    fail_unless (gst_meta_register_custom (BOX_META_NAME, tags, NULL, NULL,
            NULL) != NULL);
  info = gst_meta_get_info (BOX_META_NAME);
  gst_cuda_preproc_box_meta_register ();
  fail_unless (gst_meta_get_info (BOX_META_NAME) == info);
}

GST_END_TEST;

GST_START_TEST (test_meta_fields)
{
  GstBuffer *buf = buffer_with_three ();
  const GstStructure *box = read_box (buf);
  const GValue *slots;
  guint i;

  fail_unless (gst_structure_has_name (box, BOX_META_NAME));
  fail_unless_equals_int (gst_structure_n_fields (box), 5);
  fail_unless_equals_int (get_uint (box, "batch-size"), 3);
  fail_unless_equals_int (get_uint (box, "valid-slots"), 2);
  fail_unless_equals_int (get_int (box, "tensor-width"), 640);
  fail_unless_equals_int (get_int (box, "tensor-height"), 640);
  slots = gst_structure_get_value (box, "slots");
  fail_unless (G_VALUE_TYPE (slots) == GST_TYPE_ARRAY);
  fail_unless_equals_int (gst_value_array_get_size (slots), 3);
  for (i = 0; i < 3; i++)
    check_slot (read_slot (box, i), i, &three_expect[i]);
  fail_unless_equals_int (count_box_metas (buf), 1);
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* docs/meta.md: frame_x = x + (tensor_x - offset_x) / scale_x and
 * tensor_x = offset_x + (frame_x - x) * scale_x. */
static void
tensor_to_frame (const GstStructure * slot, gdouble tx, gdouble ty,
    gdouble * fx, gdouble * fy)
{
  *fx = get_int (slot, "x") + (tx - get_double (slot, "offset-x"))
      / get_double (slot, "scale-x");
  *fy = get_int (slot, "y") + (ty - get_double (slot, "offset-y"))
      / get_double (slot, "scale-y");
}

static void
frame_to_tensor (const GstStructure * slot, gdouble fx, gdouble fy,
    gdouble * tx, gdouble * ty)
{
  *tx = get_double (slot, "offset-x") + (fx - get_int (slot, "x"))
      * get_double (slot, "scale-x");
  *ty = get_double (slot, "offset-y") + (fy - get_int (slot, "y"))
      * get_double (slot, "scale-y");
}

typedef struct
{
  guint slot;
  gdouble tx, ty;               /* tensor point */
  gdouble fx, fy;               /* the frame point it is, worked by hand */
} PointCase;

static const PointCase point_cases[] = {
  /* 1920x1080 into 640x640: corners of the inner area, the center, and a
   * point in the top band (above the frame). */
  {0, 0.0, 140.0, 0.0, 0.0},
  {0, 640.0, 500.0, 1920.0, 1080.0},
  {0, 320.0, 320.0, 960.0, 540.0},
  {0, 100.5, 200.25, 301.5, 180.75},
  {0, 10.0, 70.0, 30.0, -210.0},
  /* 300x150 at 100,200 into 640x640 (640x320 inside, from row 160). */
  {1, 0.0, 160.0, 100.0, 200.0},
  {1, 640.0, 480.0, 400.0, 350.0},
  {1, 320.0, 320.0, 250.0, 275.0},
  {1, 64.0, 192.0, 130.0, 215.0},
};

GST_START_TEST (test_meta_round_trip)
{
  const PointCase *c = &point_cases[__i__];
  GstBuffer *buf = buffer_with_three ();
  const GstStructure *slot = read_slot (read_box (buf), c->slot);
  gdouble fx, fy, tx, ty;

  tensor_to_frame (slot, c->tx, c->ty, &fx, &fy);
  fail_unless (fabs (fx - c->fx) <= 1e-9, "x %.17g, want %.17g", fx, c->fx);
  fail_unless (fabs (fy - c->fy) <= 1e-9, "y %.17g, want %.17g", fy, c->fy);
  frame_to_tensor (slot, fx, fy, &tx, &ty);
  fail_unless (fabs (tx - c->tx) <= 1e-9, "x %.17g, want %.17g", tx, c->tx);
  fail_unless (fabs (ty - c->ty) <= 1e-9, "y %.17g, want %.17g", ty, c->ty);
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* GStreamer 1.22: a custom meta registered without a transform function
 * gets GStreamer's default one, which copies the structure on every copy
 * transform (gst_buffer_copy, _copy_deep, _copy_region) and refuses other
 * transforms.  docs/meta.md says so. */
GST_START_TEST (test_meta_buffer_copy)
{
  GstBuffer *buf = buffer_with_three ();
  GstBuffer *copies[3];
  guint i;

  copies[0] = gst_buffer_copy (buf);
  copies[1] = gst_buffer_copy_deep (buf);
  copies[2] = gst_buffer_copy_region (buf, GST_BUFFER_COPY_ALL, 8, 16);
  for (i = 0; i < G_N_ELEMENTS (copies); i++) {
    const GstStructure *box = read_box (copies[i]);

    fail_unless_equals_int (count_box_metas (copies[i]), 1);
    fail_unless (box != read_box (buf));
    /* (the strings are made, and leaked, only on failure) */
    fail_unless (gst_structure_is_equal (box, read_box (buf)), "copy %u: "
        "box meta %s, the original's %s", i, gst_structure_to_string (box),
        gst_structure_to_string (read_box (buf)));
    gst_buffer_unref (copies[i]);
  }
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* A second add replaces the first: at most one box meta per buffer. */
GST_START_TEST (test_meta_replaced)
{
  GstBuffer *buf = buffer_with_three ();
  const GstStructure *box;

  fail_unless (gst_cuda_preproc_box_meta_add (buf, &three_maps[1], NULL, 1,
          320, 240));
  fail_unless_equals_int (count_box_metas (buf), 1);
  box = read_box (buf);
  fail_unless_equals_int (get_uint (box, "batch-size"), 1);
  fail_unless_equals_int (get_uint (box, "valid-slots"), 1);
  fail_unless_equals_int (get_int (box, "tensor-width"), 320);
  fail_unless_equals_int (get_int (box, "tensor-height"), 240);
  fail_unless_equals_int (get_int (read_slot (box, 0), "roi-id"), -1);
  fail_unless_equals_int (get_int (read_slot (box, 0), "x"), 100);
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* PREP_BATCH_MAX slots, all invalid, no ids. */
GST_START_TEST (test_meta_batch_max)
{
  static const SlotExpect invalid = { FALSE, -1 };
  PrepBoxMap maps[PREP_BATCH_MAX];
  GstBuffer *buf = gst_buffer_new ();
  const GstStructure *box;
  guint i;

  memset (maps, 0, sizeof (maps));
  fail_unless (gst_cuda_preproc_box_meta_add (buf, maps, NULL,
          PREP_BATCH_MAX, 1, 1));
  box = read_box (buf);
  fail_unless_equals_int (get_uint (box, "batch-size"), PREP_BATCH_MAX);
  fail_unless_equals_int (get_uint (box, "valid-slots"), 0);
  for (i = 0; i < PREP_BATCH_MAX; i++)
    check_slot (read_slot (box, i), i, &invalid);
  gst_buffer_unref (buf);
}

GST_END_TEST;

typedef struct
{
  const gchar *what;
  guint batch_size;
  gint tensor_width, tensor_height;
  PrepBoxMap bad;               /* slot 1 of 2 */
} BadCase;

#define GOOD_MAP {{0, 0, 16, 16}, 1.0, 1.0, 0.0, 0.0, 1}

static const BadCase bad_cases[] = {
  {"batch 0", 0, 64, 64, GOOD_MAP},
  {"batch over max", PREP_BATCH_MAX + 1, 64, 64, GOOD_MAP},
  {"tensor width 0", 2, 0, 64, GOOD_MAP},
  {"tensor height < 0", 2, 64, -1, GOOD_MAP},
  {"width 0", 2, 64, 64, {{0, 0, 0, 16}, 1.0, 1.0, 0.0, 0.0, 1}},
  {"height < 0", 2, 64, 64, {{0, 0, 16, -2}, 1.0, 1.0, 0.0, 0.0, 1}},
  {"x < 0", 2, 64, 64, {{-1, 0, 16, 16}, 1.0, 1.0, 0.0, 0.0, 1}},
  {"y < 0", 2, 64, 64, {{0, -1, 16, 16}, 1.0, 1.0, 0.0, 0.0, 1}},
  {"scale 0", 2, 64, 64, {{0, 0, 16, 16}, 0.0, 1.0, 0.0, 0.0, 1}},
  {"scale < 0", 2, 64, 64, {{0, 0, 16, 16}, 1.0, -1.0, 0.0, 0.0, 1}},
  {"scale nan", 2, 64, 64, {{0, 0, 16, 16}, NAN, 1.0, 0.0, 0.0, 1}},
  {"scale inf", 2, 64, 64, {{0, 0, 16, 16}, 1.0, INFINITY, 0.0, 0.0, 1}},
  {"offset nan", 2, 64, 64, {{0, 0, 16, 16}, 1.0, 1.0, NAN, 0.0, 1}},
  {"offset inf", 2, 64, 64, {{0, 0, 16, 16}, 1.0, 1.0, 0.0, -INFINITY, 1}},
};

/* Refused, on a bare buffer and on one that has a box meta already (which
 * stays as it was). */
GST_START_TEST (test_meta_bad_args)
{
  const BadCase *c = &bad_cases[__i__];
  PrepBoxMap maps[PREP_BATCH_MAX + 1];
  GstBuffer *bare = gst_buffer_new ();
  GstBuffer *buf = buffer_with_three ();
  GstStructure *before = gst_structure_copy (read_box (buf));
  guint i;

  for (i = 0; i < G_N_ELEMENTS (maps); i++)
    maps[i] = (PrepBoxMap) GOOD_MAP;
  maps[1] = c->bad;
  fail_if (gst_cuda_preproc_box_meta_add (bare, maps, NULL, c->batch_size,
          c->tensor_width, c->tensor_height), "%s", c->what);
  fail_unless (gst_buffer_get_custom_meta (bare, BOX_META_NAME) == NULL);
  fail_if (gst_cuda_preproc_box_meta_add (buf, maps, NULL, c->batch_size,
          c->tensor_width, c->tensor_height), "%s", c->what);
  fail_unless_equals_int (count_box_metas (buf), 1);
  fail_unless (gst_structure_is_equal (read_box (buf), before), "%s: box "
      "meta %s, before %s", c->what, gst_structure_to_string (read_box (buf)),
      gst_structure_to_string (before));
  gst_structure_free (before);
  gst_buffer_unref (buf);
  gst_buffer_unref (bare);
}

GST_END_TEST;

/* Programming errors: criticals, FALSE, nothing attached. */
GST_START_TEST (test_meta_bad_pointers)
{
  GstBuffer *buf = gst_buffer_new ();
  gboolean ret = TRUE;

  ASSERT_CRITICAL (ret = gst_cuda_preproc_box_meta_add (NULL, three_maps,
          NULL, 3, 64, 64));
  fail_if (ret);
  ret = TRUE;
  ASSERT_CRITICAL (ret = gst_cuda_preproc_box_meta_add (buf, NULL, NULL, 3,
          64, 64));
  fail_if (ret);
  gst_buffer_ref (buf);
  ret = TRUE;
  ASSERT_CRITICAL (ret = gst_cuda_preproc_box_meta_add (buf, three_maps,
          NULL, 3, 64, 64));
  fail_if (ret);
  gst_buffer_unref (buf);
  fail_unless (gst_buffer_get_custom_meta (buf, BOX_META_NAME) == NULL);
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* ROIs                                                                      */
/* ------------------------------------------------------------------------ */

#define FRAME_W 640
#define FRAME_H 480
#define RECTS_MAX 16

/* Takes every object. */
static const GstCudaPreprocRoiFilter all = { {0}, 0, 0, 0, 0, 0, 0.0 };

typedef struct
{
  const gchar *type;
  guint x, y, w, h;
  gint id;
} RoiIn;

typedef struct
{
  gint id;
  gint x, y, width, height;
} RoiOut;

/* Inside the 640x480 frame, mixed types. */
static const RoiIn five[] = {
  {"person", 10, 20, 100, 50, 1},
  {"car", 200, 100, 50, 60, 2},
  {"car", 300, 300, 40, 40, 3},
  {"person", 0, 0, 640, 480, 4},
  {"car", 500, 10, 20, 30, 5},
};

/* Detector overshoot: partly outside (clamped), wholly outside or empty
 * (skipped), values near G_MAXUINT that overflow 32-bit sums. */
static const RoiIn overshoot[] = {
  {"car", 600, 400, 100, 100, 10},      /* -> 600,400 40x80 */
  {"person", 700, 10, 20, 20, 11},      /* right of the frame: skipped */
  {"car", 0, 0, 0, 10, 12},     /* w 0: skipped */
  {"person", 630, 0, G_MAXUINT, 10, 13},        /* -> 630,0 10x10 */
  {"car", G_MAXUINT - 5, 0, 10, 10, 14},        /* wraps in 32 bits: skipped */
  {"person", 0, 0, G_MAXUINT, G_MAXUINT, 15},   /* -> the whole frame */
  {"car", 5, 470, 10, 20, 16},  /* -> 5,470 10x10 */
  {"person", 10, 480, 10, 10, 17},      /* below the frame: skipped */
  {"car", G_MAXUINT, G_MAXUINT, G_MAXUINT, G_MAXUINT, 18},      /* skipped */
  {"person", 20, 30, 40, 0, 19},        /* h 0: skipped */
  {"car", 639, 479, 1, 1, 20},  /* the last pixel, kept as is */
};

typedef struct
{
  const gchar *name;
  const RoiIn *in;
  guint n_in;
  const gchar *type;            /* NULL: all */
  guint max;
  RoiOut out[RECTS_MAX];
  guint n_out;
  guint dropped;
} RoiCase;

static const RoiIn one[] = { {"person", 10, 20, 30, 40, 42} };

static const RoiCase roi_cases[] = {
  {"none", NULL, 0, NULL, RECTS_MAX, {{0}}, 0, 0},
  {"none person", NULL, 0, "person", RECTS_MAX, {{0}}, 0, 0},
  {"one", one, 1, NULL, RECTS_MAX, {{42, 10, 20, 30, 40}}, 1, 0},
  {"one car", one, 1, "car", RECTS_MAX, {{0}}, 0, 0},
  {"one max 0", one, 1, NULL, 0, {{0}}, 0, 1},
  {"five", five, 5, NULL, RECTS_MAX,
        {{1, 10, 20, 100, 50}, {2, 200, 100, 50, 60}, {3, 300, 300, 40, 40},
          {4, 0, 0, 640, 480}, {5, 500, 10, 20, 30}}, 5, 0},
  {"five person", five, 5, "person", RECTS_MAX,
      {{1, 10, 20, 100, 50}, {4, 0, 0, 640, 480}}, 2, 0},
  {"five car", five, 5, "car", RECTS_MAX,
        {{2, 200, 100, 50, 60}, {3, 300, 300, 40, 40}, {5, 500, 10, 20, 30}},
      3, 0},
  {"five dog", five, 5, "dog", RECTS_MAX, {{0}}, 0, 0},
  {"five max 5", five, 5, NULL, 5,
        {{1, 10, 20, 100, 50}, {2, 200, 100, 50, 60}, {3, 300, 300, 40, 40},
          {4, 0, 0, 640, 480}, {5, 500, 10, 20, 30}}, 5, 0},
  {"five max 2", five, 5, NULL, 2,
      {{1, 10, 20, 100, 50}, {2, 200, 100, 50, 60}}, 2, 3},
  {"five car max 1", five, 5, "car", 1, {{2, 200, 100, 50, 60}}, 1, 2},
  {"five max 0", five, 5, NULL, 0, {{0}}, 0, 5},
  {"overshoot", overshoot, G_N_ELEMENTS (overshoot), NULL, RECTS_MAX,
        {{10, 600, 400, 40, 80}, {13, 630, 0, 10, 10}, {15, 0, 0, 640, 480},
          {16, 5, 470, 10, 10}, {20, 639, 479, 1, 1}}, 5, 0},
  {"overshoot person", overshoot, G_N_ELEMENTS (overshoot), "person",
      RECTS_MAX, {{13, 630, 0, 10, 10}, {15, 0, 0, 640, 480}}, 2, 0},
  /* Skipped boxes take no place and are not counted as dropped. */
  {"overshoot max 2", overshoot, G_N_ELEMENTS (overshoot), NULL, 2,
      {{10, 600, 400, 40, 80}, {13, 630, 0, 10, 10}}, 2, 3},
};

/* A buffer with the ROI metas of @in, in order, among unrelated metas. */
static GstBuffer *
buffer_with_rois (const RoiIn * in, guint n)
{
  GstBuffer *buf = gst_buffer_new ();
  guint i;

  gst_buffer_add_video_meta (buf, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_FORMAT_NV12, FRAME_W, FRAME_H);
  for (i = 0; i < n; i++) {
    GstVideoRegionOfInterestMeta *roi =
        gst_buffer_add_video_region_of_interest_meta (buf, in[i].type,
        in[i].x, in[i].y, in[i].w, in[i].h);

    fail_unless (roi != NULL);
    roi->id = in[i].id;
    if (i == n / 2)
      fail_unless (gst_buffer_add_video_crop_meta (buf) != NULL);
  }
  return buf;
}

/* The rectangles and ids gathered are the case's; a failure names the
 * case and the first rectangle that differs, with both. */
static void
check_rects (const RoiCase * c, const PrepRect * rects,
    const GstCudaPreprocObject * objects, guint n)
{
  guint i;
  gint ids[RECTS_MAX];

  fail_unless (n == c->n_out, "%s: %u rectangles, expected %u", c->name, n,
      c->n_out);
  for (i = 0; i < n; i++) {
    const RoiOut *o = &c->out[i];

    ids[i] = objects[i].roi_id;
    fail_unless (objects[i].mtd_id == -1, "%s: rectangle %u names an ODMtd",
        c->name, i);
    fail_unless (ids[i] == o->id && rects[i].x == o->x &&
        rects[i].y == o->y && rects[i].width == o->width &&
        rects[i].height == o->height, "%s: rectangle %u is id %d (%d, %d, "
        "%d x %d), expected id %d (%d, %d, %d x %d)", c->name, i, ids[i],
        rects[i].x, rects[i].y, rects[i].width, rects[i].height, o->id, o->x,
        o->y, o->width, o->height);
  }
}

/* Entries past the stored ones are left alone. */
GST_START_TEST (test_rois_from_meta)
{
  const RoiCase *c = &roi_cases[__i__];
  GstBuffer *buf = buffer_with_rois (c->in, c->n_in);
  PrepRect rects[RECTS_MAX + 1];
  GstCudaPreprocObject objects[RECTS_MAX + 1];
  GstCudaPreprocRoiFilter filter;
  guint n, dropped = 12345;

  GST_INFO ("case %s", c->name);
  gst_cuda_preproc_roi_filter_init (&filter);
  if (c->type)
    filter.types[filter.n_types++] = g_quark_from_string (c->type);
  memset (rects, 0x5a, sizeof (rects));
  memset (objects, 0x5a, sizeof (objects));
  n = gst_cuda_preproc_rois_from_meta (buf, &filter, FRAME_W, FRAME_H, rects,
      objects, c->max, &dropped);
  check_rects (c, rects, objects, n);
  fail_unless_equals_int (dropped, c->dropped);
  fail_unless_equals_int (rects[n].x, 0x5a5a5a5a);
  fail_unless_equals_int (objects[n].roi_id, 0x5a5a5a5a);
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* ids and n_dropped may be NULL; rects NULL with max 0. */
GST_START_TEST (test_rois_null_outputs)
{
  GstBuffer *buf = buffer_with_rois (five, G_N_ELEMENTS (five));
  PrepRect rects[2];

  fail_unless_equals_int (gst_cuda_preproc_rois_from_meta (buf, &all, FRAME_W,
          FRAME_H, rects, NULL, 2, NULL), 2);
  fail_unless_equals_int (rects[1].x, 200);
  fail_unless_equals_int (gst_cuda_preproc_rois_from_meta (buf, &all, FRAME_W,
          FRAME_H, NULL, NULL, 0, NULL), 0);
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* A frame size <= 0 keeps nothing and drops nothing. */
GST_START_TEST (test_rois_empty_frame)
{
  GstBuffer *buf = buffer_with_rois (five, G_N_ELEMENTS (five));
  PrepRect rects[RECTS_MAX];
  guint dropped = 1;

  fail_unless_equals_int (gst_cuda_preproc_rois_from_meta (buf, &all, 0,
          FRAME_H, rects, NULL, RECTS_MAX, &dropped), 0);
  fail_unless_equals_int (dropped, 0);
  fail_unless_equals_int (gst_cuda_preproc_rois_from_meta (buf, &all, FRAME_W,
          -5, rects, NULL, RECTS_MAX, &dropped), 0);
  fail_unless_equals_int (dropped, 0);
  gst_buffer_unref (buf);
}

GST_END_TEST;

GST_START_TEST (test_rois_bad_pointers)
{
  GstBuffer *buf = buffer_with_rois (five, G_N_ELEMENTS (five));
  guint n = 1, dropped = 7;

  ASSERT_CRITICAL (n = gst_cuda_preproc_rois_from_meta (NULL, &all, FRAME_W,
          FRAME_H, NULL, NULL, 0, &dropped));
  fail_unless_equals_int (n, 0);
  fail_unless_equals_int (dropped, 0);
  n = 1;
  dropped = 7;
  ASSERT_CRITICAL (n = gst_cuda_preproc_rois_from_meta (buf, &all, FRAME_W,
          FRAME_H, NULL, NULL, 3, &dropped));
  fail_unless_equals_int (n, 0);
  fail_unless_equals_int (dropped, 0);
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* The debug lines: one per clamped, skipped and dropped ROI, on the
 * "cudapreproc-rois" category, and none above its threshold. */
typedef struct
{
  guint clamped, skipped, dropped, other;
} LogCount;

static void
count_log (GstDebugCategory * category, GstDebugLevel level,
    const gchar * file, const gchar * function, gint line, GObject * object,
    GstDebugMessage * message, gpointer user_data)
{
  LogCount *count = user_data;
  const gchar *text = gst_debug_message_get (message);

  if (g_strcmp0 (gst_debug_category_get_name (category),
          "cudapreproc-rois") != 0)
    return;
  fail_unless_equals_int (level, GST_LEVEL_DEBUG);
  if (strstr (text, "clamped"))
    count->clamped++;
  else if (strstr (text, "skipped"))
    count->skipped++;
  else if (strstr (text, "dropped"))
    count->dropped++;
  else
    count->other++;
}

GST_START_TEST (test_rois_logged)
{
  GstBuffer *buf = buffer_with_rois (overshoot, G_N_ELEMENTS (overshoot));
  LogCount count = { 0 };
  PrepRect rects[2];
  guint dropped;

  gst_debug_set_threshold_for_name ("cudapreproc-rois", GST_LEVEL_DEBUG);
  gst_debug_remove_log_function (gst_debug_log_default);
  gst_debug_add_log_function (count_log, &count, NULL);

  /* Kept: 10 and 13 (both clamped); dropped: 15, 16, 20 (one line each,
   * clamped or not); skipped: 11, 12, 14, 17, 18, 19. */
  fail_unless_equals_int (gst_cuda_preproc_rois_from_meta (buf, &all, FRAME_W,
          FRAME_H, rects, NULL, 2, &dropped), 2);
  fail_unless_equals_int (dropped, 3);
  fail_unless_equals_int (count.clamped, 2);
  fail_unless_equals_int (count.skipped, 6);
  fail_unless_equals_int (count.dropped, 3);
  fail_unless_equals_int (count.other, 0);

  count.clamped = count.skipped = count.dropped = count.other = 0;
  gst_debug_set_threshold_for_name ("cudapreproc-rois", GST_LEVEL_INFO);
  fail_unless_equals_int (gst_cuda_preproc_rois_from_meta (buf, &all, FRAME_W,
          FRAME_H, rects, NULL, 2, &dropped), 2);
  fail_unless_equals_int (count.clamped + count.skipped + count.dropped
      + count.other, 0);

  gst_debug_unset_threshold_for_name ("cudapreproc-rois");
  gst_debug_remove_log_function (count_log);
  gst_debug_add_log_function (gst_debug_log_default, NULL, NULL);
  gst_buffer_unref (buf);
}

GST_END_TEST;

static Suite *
rois_suite (void)
{
  Suite *s = suite_create ("cudapreproc-rois");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_meta_register_twice);
  tcase_add_test (tc, test_meta_register_after_application);
  tcase_add_test (tc, test_meta_fields);
  tcase_add_loop_test (tc, test_meta_round_trip, 0, G_N_ELEMENTS (point_cases));
  tcase_add_test (tc, test_meta_buffer_copy);
  tcase_add_test (tc, test_meta_replaced);
  tcase_add_test (tc, test_meta_batch_max);
  tcase_add_loop_test (tc, test_meta_bad_args, 0, G_N_ELEMENTS (bad_cases));
  tcase_add_test (tc, test_meta_bad_pointers);
  tcase_add_loop_test (tc, test_rois_from_meta, 0, G_N_ELEMENTS (roi_cases));
  tcase_add_test (tc, test_rois_null_outputs);
  tcase_add_test (tc, test_rois_empty_frame);
  tcase_add_test (tc, test_rois_bad_pointers);
  tcase_add_test (tc, test_rois_logged);
  return s;
}

GST_CHECK_MAIN (rois);
