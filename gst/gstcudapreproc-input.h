/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What the element checks of its input frames: colorimetry, sizes,
 * strides, the frame behind a crop meta. */

#ifndef __GST_CUDA_PREPROC_INPUT_H__
#define __GST_CUDA_PREPROC_INPUT_H__

#include <gst/video/video.h>

#include "prep.h"

G_BEGIN_DECLS

/* Matrix and range of the input; FALSE for a matrix the engine lacks. */
gboolean gst_cuda_preproc_input_colorimetry (const GstVideoInfo * info,
    PrepMatrix * matrix, PrepRange * range);

/* The chroma site of the input (PREP_CHROMA_SITE_* flags): @info's, as
 * gst_video_info_from_caps () gave it and videoconvert reads it; unknown
 * is centered (0). */
gint gst_cuda_preproc_input_chroma_site (const GstVideoInfo * info);

/* The colorimetry @caps state: their colorimetry field parsed, with the
 * fields it leaves open, or all four when it is absent, UNKNOWN.
 * GstVideoInfo fills those with defaults, which hides where a value came
 * from. */
void gst_cuda_preproc_input_stated_colorimetry (GstCaps * caps,
    GstVideoColorimetry * stated);

/* "colorimetry: matrix M (SOURCE), range R (SOURCE), transfer T (SOURCE;
 * not applied)" for the log, where SOURCE is "property", "caps" or
 * "default for WxH FORMAT" (GStreamer's default for the format and frame
 * size).  @matrix and @range are the plan's; @matrix_property and
 * @range_property tell whether color-matrix and color-range chose them. */
gchar *gst_cuda_preproc_input_describe_colorimetry (const GstVideoInfo * info,
    const GstVideoColorimetry * stated, PrepMatrix matrix,
    gboolean matrix_property, PrepRange range, gboolean range_property);

/* TRUE when @buf holds the whole @format frame of frame_width x
 * frame_height that the plan reads (the caps' size, or the video meta's
 * behind a crop meta); otherwise posts an element warning on @self naming
 * the sizes. */
gboolean gst_cuda_preproc_input_complete (GstElement * self,
    const GstVideoInfo * info, PrepFormat format, gint frame_width,
    gint frame_height, GstBuffer * buf);

/* The engine's description of a mapped frame (host or device addresses,
 * as the mapping gives them) of @format and the plan's size. */
void gst_cuda_preproc_input_frame (const GstVideoFrame * vframe,
    PrepFormat format, gint frame_width, gint frame_height,
    PrepFrame * frame);

/* The size of the frame @buf holds: the caps', or with a crop meta the
 * video meta's (the planes hold the whole frame, the caps the visible
 * part). */
void gst_cuda_preproc_input_frame_size (const GstVideoInfo * info,
    GstBuffer * buf, gint * width, gint * height);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_INPUT_H__ */
