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

#include "gstcudapreproc-input.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cuda_preproc_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_debug

/* Matrix and range of the input, from its colorimetry; fields the caps left
 * unknown take GStreamer's defaults for the frame size. */
gboolean
gst_cuda_preproc_input_colorimetry (const GstVideoInfo * info,
    PrepMatrix * matrix, PrepRange * range)
{
  GstVideoColorimetry c = info->colorimetry;
  GstVideoInfo defaults;

  gst_video_info_set_format (&defaults, GST_VIDEO_FORMAT_NV12,
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info));
  if (c.matrix == GST_VIDEO_COLOR_MATRIX_UNKNOWN)
    c.matrix = defaults.colorimetry.matrix;
  if (c.range == GST_VIDEO_COLOR_RANGE_UNKNOWN)
    c.range = defaults.colorimetry.range;
  *range = c.range == GST_VIDEO_COLOR_RANGE_0_255 ?
      PREP_RANGE_FULL : PREP_RANGE_LIMITED;
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

/* Checks that the buffer holds the whole NV12 frame its caps (or its video
 * meta) describe; otherwise posts a warning naming the sizes.  Planes are
 * found at the meta's offsets and strides when there is a meta. */
gboolean
gst_cuda_preproc_input_complete (GstElement * self, const GstVideoInfo * info,
    const PrepPlan * plan, gint frame_width, GstBuffer * buf)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);
  gsize size = gst_buffer_get_size (buf), need[2] = { 0, 0 };
  gsize offset[2] = { info->offset[0], info->offset[1] };
  gint stride[2] = { info->stride[0], info->stride[1] };
  gint64 chroma_row = ((gint64) frame_width + 1) / 2 * 2;

  if (meta != NULL) {
    if (meta->format != GST_VIDEO_FORMAT_NV12 || meta->n_planes != 2 ||
        (gint) meta->width < GST_VIDEO_INFO_WIDTH (info) ||
        (gint) meta->height < GST_VIDEO_INFO_HEIGHT (info))
      goto bad_meta;
    offset[0] = meta->offset[0];
    offset[1] = meta->offset[1];
    stride[0] = meta->stride[0];
    stride[1] = meta->stride[1];
  }
  if (stride[0] < frame_width || stride[1] < chroma_row)
    goto bad_stride;
  /* in 64 bits, saturating: a plane that cannot fit is too big */
  need[0] = prep_plan_luma_bytes (plan, stride[0]);
  need[1] = prep_plan_chroma_bytes (plan, stride[1]);
  need[0] = need[0] > G_MAXSIZE - offset[0] ? G_MAXSIZE : need[0] + offset[0];
  need[1] = need[1] > G_MAXSIZE - offset[1] ? G_MAXSIZE : need[1] + offset[1];
  if (need[0] > size || need[1] > size)
    goto too_small;
  /* with a video meta, each plane is mapped from the memory that holds its
   * first byte (gst_video_meta_map ()): it must lie in that memory */
  if (meta != NULL && (!plane_in_one_memory (buf, offset[0], need[0]) ||
          !plane_in_one_memory (buf, offset[1], need[1])))
    goto split_plane;
  return TRUE;

  /* ERRORS */
bad_meta:
  {
    GST_ELEMENT_WARNING (self, STREAM, FORMAT,
        ("Video meta (%s %ux%u, %u planes) does not match the %dx%d NV12 "
            "caps; frame dropped", gst_video_format_to_string (meta->format),
            meta->width, meta->height, meta->n_planes,
            GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info)), (NULL));
    return FALSE;
  }
bad_stride:
  {
    GST_ELEMENT_WARNING (self, STREAM, FORMAT,
        ("Strides %d, %d are too small for a %d pixels wide NV12 frame; "
            "frame dropped", stride[0], stride[1], frame_width), (NULL));
    return FALSE;
  }
split_plane:
  {
    GST_ELEMENT_WARNING (self, STREAM, FORMAT,
        ("A plane of the %dx%d NV12 frame spans several memories of the "
            "buffer (%u memories, plane offsets %" G_GSIZE_FORMAT ", %"
            G_GSIZE_FORMAT "); frame dropped", GST_VIDEO_INFO_WIDTH (info),
            GST_VIDEO_INFO_HEIGHT (info), gst_buffer_n_memory (buf),
            offset[0], offset[1]), (NULL));
    return FALSE;
  }
too_small:
  {
    GST_ELEMENT_WARNING (self, STREAM, FORMAT,
        ("Input buffer of %" G_GSIZE_FORMAT " bytes is smaller than the %dx%d "
            "NV12 frame it should hold (%" G_GSIZE_FORMAT " bytes); frame "
            "dropped", size, GST_VIDEO_INFO_WIDTH (info),
            GST_VIDEO_INFO_HEIGHT (info), MAX (need[0], need[1])),
        ("strides %d, %d; offsets %" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT,
            stride[0], stride[1], offset[0], offset[1]));
    return FALSE;
  }
}
