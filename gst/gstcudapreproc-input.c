/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstcudapreproc-input.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cuda_preproc_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_debug

/* The chroma site of the input (GstVideoInfo's, as gst_video_info_from_caps
 * () read it) as the engine's PREP_CHROMA_SITE_* flags. */
gint
gst_cuda_preproc_input_chroma_site (const GstVideoInfo * info)
{
  gint site = 0;

  if (info->chroma_site & GST_VIDEO_CHROMA_SITE_H_COSITED)
    site |= PREP_CHROMA_SITE_H_COSITED;
  if (info->chroma_site & GST_VIDEO_CHROMA_SITE_V_COSITED)
    site |= PREP_CHROMA_SITE_V_COSITED;
  return site;
}

/* Matrix and range of the input, from its colorimetry; fields the caps left
 * unknown take GStreamer's defaults for the format and frame size (RGB:
 * full range; GRAY8: full range).  The matrix of an RGB or gray input
 * is not used: it is always known. */
gboolean
gst_cuda_preproc_input_colorimetry (const GstVideoInfo * info,
    PrepMatrix * matrix, PrepRange * range)
{
  GstVideoColorimetry c = info->colorimetry;
  GstVideoInfo defaults;

  gst_video_info_set_format (&defaults, GST_VIDEO_INFO_FORMAT (info),
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info));
  if (c.matrix == GST_VIDEO_COLOR_MATRIX_UNKNOWN)
    c.matrix = defaults.colorimetry.matrix;
  if (c.range == GST_VIDEO_COLOR_RANGE_UNKNOWN)
    c.range = defaults.colorimetry.range;
  *range = c.range == GST_VIDEO_COLOR_RANGE_0_255 ?
      PREP_RANGE_FULL : PREP_RANGE_LIMITED;
  *matrix = PREP_MATRIX_BT601;
  if (!GST_VIDEO_INFO_IS_YUV (info) || GST_VIDEO_INFO_IS_GRAY (info))
    return TRUE;
  switch (c.matrix) {
    case GST_VIDEO_COLOR_MATRIX_BT601:
      *matrix = PREP_MATRIX_BT601;
      return TRUE;
    case GST_VIDEO_COLOR_MATRIX_BT709:
      *matrix = PREP_MATRIX_BT709;
      return TRUE;
    case GST_VIDEO_COLOR_MATRIX_BT2020:
      *matrix = PREP_MATRIX_BT2020;
      return TRUE;
    default:
      return FALSE;
  }
}

void
gst_cuda_preproc_input_stated_colorimetry (GstCaps * caps,
    GstVideoColorimetry * stated)
{
  const gchar *str = NULL;

  if (caps != NULL && gst_caps_get_size (caps) > 0)
    str = gst_structure_get_string (gst_caps_get_structure (caps, 0),
        "colorimetry");
  if (str == NULL || !gst_video_colorimetry_from_string (stated, str))
    memset (stated, 0, sizeof (*stated));       /* all UNKNOWN */
}

static const gchar *
enum_nick (GType type, gint value)
{
  GEnumClass *klass = g_type_class_ref (type);
  GEnumValue *v = g_enum_get_value (klass, value);
  const gchar *nick = v != NULL ? v->value_nick : "unknown";

  g_type_class_unref (klass);   /* the types' classes stay alive */
  return nick;
}

/* Where a field of the colorimetry came from: a property, the caps (they
 * state the value GstVideoInfo holds), or GStreamer's default (the caps
 * leave it open, or state one GStreamer replaced as invalid). */
static gchar *
colour_source (const GstVideoInfo * info, gboolean property, gint stated,
    gint used)
{
  if (property)
    return g_strdup ("property");
  if (stated != 0 && stated == used)
    return g_strdup ("caps");
  return g_strdup_printf ("default for %dx%d %s%s",
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
      GST_VIDEO_INFO_NAME (info), stated != 0 ? ", the caps' is invalid" : "");
}

gchar *
gst_cuda_preproc_input_describe_colorimetry (const GstVideoInfo * info,
    const GstVideoColorimetry * stated, PrepMatrix matrix,
    gboolean matrix_property, PrepRange range, gboolean range_property)
{
  static const gchar *matrices[] = { "bt601", "bt709", "bt2020" };
  gboolean yuv = GST_VIDEO_INFO_IS_YUV (info) && !GST_VIDEO_INFO_IS_GRAY (info);
  gchar *msrc, *rsrc, *tsrc, *text;

  msrc = yuv ? colour_source (info, matrix_property, stated->matrix,
      info->colorimetry.matrix) :
      g_strdup_printf ("not used: %s input", GST_VIDEO_INFO_NAME (info));
  rsrc = colour_source (info, range_property, stated->range,
      info->colorimetry.range);
  tsrc = colour_source (info, FALSE, stated->transfer,
      info->colorimetry.transfer);
  /* the tensor holds the coded (non-linear) values: no transfer function
   * is inverted */
  text = g_strdup_printf ("colorimetry: matrix %s (%s), range %s (%s), "
      "transfer %s (%s; not applied)", yuv ? matrices[matrix] : "none", msrc,
      range == PREP_RANGE_FULL ? "full" : "limited", rsrc,
      enum_nick (GST_TYPE_VIDEO_TRANSFER_FUNCTION,
          info->colorimetry.transfer), tsrc);
  g_free (msrc);
  g_free (rsrc);
  g_free (tsrc);
  return text;
}

/* The frame the buffer holds: the caps' size, or with a crop meta the
 * video meta's (upstream cropped by metadata: the caps give the visible
 * size, the planes hold the whole frame). */
void
gst_cuda_preproc_input_frame_size (const GstVideoInfo * info, GstBuffer * buf,
    gint * width, gint * height)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);

  *width = GST_VIDEO_INFO_WIDTH (info);
  *height = GST_VIDEO_INFO_HEIGHT (info);
  if (meta != NULL && gst_buffer_get_video_crop_meta (buf) != NULL) {
    *width = MAX (*width, (gint) MIN (meta->width, (guint) G_MAXINT));
    *height = MAX (*height, (gint) MIN (meta->height, (guint) G_MAXINT));
  }
}

/* TRUE when the bytes [offset, end) of @buf lie in one of its memories. */
static gboolean
plane_in_one_memory (GstBuffer * buf, gsize offset, gsize end)
{
  guint idx, n;
  gsize skip;

  return end <= offset || (gst_buffer_find_memory (buf, offset, end - offset,
          &idx, &n, &skip) && n == 1);
}

/* The planes of @buf: the video meta's offsets and strides, or the caps'.
 * FALSE when the meta does not describe a frame of the caps' format that
 * holds the caps' size. */
static gboolean
input_layout (const GstVideoInfo * info, GstBuffer * buf, PrepFrame * frame,
    gsize offset[PREP_PLANES_MAX])
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);
  guint p, n = GST_VIDEO_INFO_N_PLANES (info);

  for (p = 0; p < PREP_PLANES_MAX; p++) {
    offset[p] = p < n ? (meta != NULL ? meta->offset[p] : info->offset[p]) : 0;
    frame->strides[p] = p < n ? (meta != NULL ? meta->stride[p] :
        info->stride[p]) : 0;
  }
  return meta == NULL || (meta->format == GST_VIDEO_INFO_FORMAT (info) &&
      meta->n_planes == n &&
      (gint) meta->width >= GST_VIDEO_INFO_WIDTH (info) &&
      (gint) meta->height >= GST_VIDEO_INFO_HEIGHT (info));
}

/* "s0, s1, ...": the strides of the @n planes (to free). */
static gchar *
input_strides (const PrepFrame * frame, guint n)
{
  GString *s = g_string_new (NULL);
  guint p;

  for (p = 0; p < n; p++)
    g_string_append_printf (s, "%s%d", p > 0 ? ", " : "", frame->strides[p]);
  return g_string_free (s, FALSE);
}

/* Checks that the buffer holds the whole frame its caps (or its video meta)
 * describe, in the plan's format and size; otherwise posts a warning naming
 * the sizes.  Planes are found at the meta's offsets and strides when
 * there is a meta. */
gboolean
gst_cuda_preproc_input_complete (GstElement * self, const GstVideoInfo * info,
    PrepFormat format, gint frame_width, gint frame_height, GstBuffer * buf)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);
  gsize size = gst_buffer_get_size (buf), need[PREP_PLANES_MAX];
  gsize offset[PREP_PLANES_MAX];
  PrepFrame frame;
  PrepStatus st;
  guint p, n = GST_VIDEO_INFO_N_PLANES (info);

  prep_frame_init (&frame, format, frame_width, frame_height);
  if (!input_layout (info, buf, &frame, offset))
    goto bad_meta;
  if ((st = prep_frame_plane_bytes (&frame, need)) != PREP_OK)
    goto bad_stride;
  for (p = 0; p < n; p++) {
    /* in 64 bits, saturating: a plane that cannot fit is too big */
    need[p] = need[p] > G_MAXSIZE - offset[p] ? G_MAXSIZE : need[p] + offset[p];
    if (need[p] > size)
      goto too_small;
    /* with a video meta, each plane is mapped from the memory that holds
     * its first byte (gst_video_meta_map ()): it must lie in that memory */
    if (meta != NULL && !plane_in_one_memory (buf, offset[p], need[p]))
      goto split_plane;
  }
  return TRUE;

  /* ERRORS */
bad_meta:
  {
    GST_ELEMENT_WARNING (self, STREAM, FORMAT,
        ("Video meta (%s %ux%u, %u planes) does not match the %dx%d %s "
            "caps; frame dropped", gst_video_format_to_string (meta->format),
            meta->width, meta->height, meta->n_planes,
            GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
            prep_format_name (format)), (NULL));
    return FALSE;
  }
bad_stride:
  {
    gchar *strides = input_strides (&frame, n);

    GST_ELEMENT_WARNING (self, STREAM, FORMAT,
        ("Strides %s are too small for a %d pixels wide %s frame; frame "
            "dropped", strides, frame_width, prep_format_name (format)),
        ("%s", prep_status_string (st)));
    g_free (strides);
    return FALSE;
  }
split_plane:
  {
    GST_ELEMENT_WARNING (self, STREAM, FORMAT,
        ("Plane %u of the %dx%d %s frame spans several memories of the "
            "buffer (%u memories, plane offset %" G_GSIZE_FORMAT "); frame "
            "dropped", p, GST_VIDEO_INFO_WIDTH (info),
            GST_VIDEO_INFO_HEIGHT (info), prep_format_name (format),
            gst_buffer_n_memory (buf), offset[p]), (NULL));
    return FALSE;
  }
too_small:
  {
    GST_ELEMENT_WARNING (self, STREAM, FORMAT,
        ("Input buffer of %" G_GSIZE_FORMAT " bytes is smaller than the %dx%d "
            "%s frame it should hold (%" G_GSIZE_FORMAT " bytes); frame "
            "dropped", size, GST_VIDEO_INFO_WIDTH (info),
            GST_VIDEO_INFO_HEIGHT (info), prep_format_name (format), need[p]),
        ("plane %u: stride %d, offset %" G_GSIZE_FORMAT, p, frame.strides[p],
            offset[p]));
    return FALSE;
  }
}

void
gst_cuda_preproc_input_frame (const GstVideoFrame * vframe, PrepFormat format,
    gint frame_width, gint frame_height, PrepFrame * frame)
{
  guint p;

  prep_frame_init (frame, format, frame_width, frame_height);
  for (p = 0; p < GST_VIDEO_FRAME_N_PLANES (vframe) && p < PREP_PLANES_MAX; p++) {
    frame->planes[p] = GST_VIDEO_FRAME_PLANE_DATA (vframe, p);
    frame->strides[p] = GST_VIDEO_FRAME_PLANE_STRIDE (vframe, p);
  }
}
