/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Caps of cudapreproc: NV12 video in, NNStreamer tensor caps out. */

#ifndef __GST_CUDA_PREPROC_CAPS_H__
#define __GST_CUDA_PREPROC_CAPS_H__

#include <gst/gst.h>

G_BEGIN_DECLS

#define GST_CUDA_PREPROC_SINK_CAPS \
    "video/x-raw, format = (string) NV12, " \
    "width = (int) [ 1, max ], height = (int) [ 1, max ], " \
    "framerate = (fraction) [ 0/1, max ]"

/* NNStreamer's static tensors: one float32 tensor, dimensions innermost
 * first (640:640:3:1 is NCHW 1x3x640x640). */
#define GST_CUDA_PREPROC_SRC_CAPS \
    "other/tensors, format = (string) static, num_tensors = (int) 1, " \
    "types = (string) float32, framerate = (fraction) [ 0/1, max ]"

/* The tensor shape as the element writes it. */
typedef struct
{
  gint width;
  gint height;
  gboolean nhwc;
} GstCudaPreprocShape;

gchar *gst_cuda_preproc_shape_to_dimensions (const GstCudaPreprocShape *
    shape);
gboolean gst_cuda_preproc_shape_same_caps (const GstCudaPreprocShape * a,
    const GstCudaPreprocShape * b);
gboolean gst_cuda_preproc_caps_get_bytes (const GstCaps * caps,
    gsize * bytes);
gboolean gst_cuda_preproc_caps_get_shape (const GstCaps * caps,
    const GstCudaPreprocShape * hint, GstCudaPreprocShape * shape);

GstCaps *gst_cuda_preproc_video_to_tensor_caps (const GstCaps * caps,
    const GstCudaPreprocShape * shape);
GstCaps *gst_cuda_preproc_tensor_to_video_caps (const GstCaps * caps);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_CAPS_H__ */
