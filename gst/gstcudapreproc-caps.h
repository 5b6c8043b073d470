/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Caps of cudapreproc: raw video in (every format of the engine's table,
 * docs/semantics.md section 2), NNStreamer tensor caps out. */

#ifndef __GST_CUDA_PREPROC_CAPS_H__
#define __GST_CUDA_PREPROC_CAPS_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "prep.h"

G_BEGIN_DECLS

/* The input formats, in the engine's order (PrepFormat); the first is the
 * one a fixating upstream picks. */
#define GST_CUDA_PREPROC_FORMATS \
    "{ NV12, NV21, I420, YV12, P010_10LE, P016_LE, Y444, YUY2, UYVY, " \
    "RGBA, BGRA, RGBx, BGRx, ARGB, ABGR, RGB, BGR, GRAY8 }"

#define GST_CUDA_PREPROC_VIDEO_FIELDS \
    "format = (string) " GST_CUDA_PREPROC_FORMATS ", " \
    "width = (int) [ 1, max ], " \
    "height = (int) [ 1, max ], framerate = (fraction) [ 0/1, max ]"

/* NNStreamer's static tensors: one tensor of float32, float16, uint8 or
 * int8, dimensions innermost first (640:640:3:1 is NCHW 1x3x640x640,
 * 224:224:3:8 a batch of 8, 64:32:1:1 one gray channel). */
#define GST_CUDA_PREPROC_TENSOR_FIELDS \
    "format = (string) static, num_tensors = (int) 1, " \
    "types = (string) { float32, float16, uint8, int8 }, " \
    "framerate = (fraction) [ 0/1, max ]"

/* The source pad gives tensors, or with output-mode=meta the video it
 * took. */
#ifdef HAVE_CUDA
#define GST_CUDA_PREPROC_SINK_CAPS \
    "video/x-raw(memory:CUDAMemory), " GST_CUDA_PREPROC_VIDEO_FIELDS "; " \
    "video/x-raw, " GST_CUDA_PREPROC_VIDEO_FIELDS
#define GST_CUDA_PREPROC_TENSOR_CAPS \
    "other/tensors(memory:CUDAMemory), " GST_CUDA_PREPROC_TENSOR_FIELDS "; " \
    "other/tensors, " GST_CUDA_PREPROC_TENSOR_FIELDS
#else
#define GST_CUDA_PREPROC_SINK_CAPS "video/x-raw, " GST_CUDA_PREPROC_VIDEO_FIELDS
#define GST_CUDA_PREPROC_TENSOR_CAPS \
    "other/tensors, " GST_CUDA_PREPROC_TENSOR_FIELDS
#endif
#define GST_CUDA_PREPROC_SRC_CAPS \
    GST_CUDA_PREPROC_TENSOR_CAPS "; " GST_CUDA_PREPROC_SINK_CAPS

/* The largest tensor the element produces, in bytes: the size of a
 * GstBufferPool's buffers is a guint (docs/bad-input.md).  Larger tensors
 * are refused at negotiation. */
#define GST_CUDA_PREPROC_MAX_TENSOR_BYTES ((gsize) G_MAXUINT)

/* The tensor shape as the element writes it. */
typedef struct
{
  gint width;
  gint height;
  gboolean nhwc;
  gint batch;                   /* N, 1..PREP_BATCH_MAX */
  gint channels;                /* C: 3, or 1 (channel-order=gray) */
  PrepDataType dtype;           /* the element type */
} GstCudaPreprocShape;

/* NNStreamer's name of @dtype ("float32", "float16", "uint8", "int8"). */
const gchar *gst_cuda_preproc_dtype_name (PrepDataType dtype);

/* The engine's format of @format; FALSE when the engine lacks it. */
gboolean gst_cuda_preproc_prep_format (GstVideoFormat format,
    PrepFormat * out);

gchar *gst_cuda_preproc_shape_to_dimensions (const GstCudaPreprocShape *
    shape);
gboolean gst_cuda_preproc_shape_same_caps (const GstCudaPreprocShape * a,
    const GstCudaPreprocShape * b);
gboolean gst_cuda_preproc_caps_get_bytes (const GstCaps * caps,
    gsize * bytes);
/* The byte size of @shape's tensor; FALSE when it does not fit a
 * gssize. */
gboolean gst_cuda_preproc_shape_get_bytes (const GstCudaPreprocShape * shape,
    gsize * bytes);
gboolean gst_cuda_preproc_caps_get_shape (const GstCaps * caps,
    const GstCudaPreprocShape * hint, GstCudaPreprocShape * shape);

/* Caps on the other side.  CUDA video gives CUDA tensors, then system
 * tensors (the kernel's output is downloaded); system video gives system
 * tensors.  Without @with_cuda, structures that need CUDA are left out.
 * The tensor caps have @shape's dimensions, followed by the same
 * structures with the dimensions open, so that a downstream that fixes
 * them may choose (set_caps () checks that the properties allow it). */
GstCaps *gst_cuda_preproc_video_to_tensor_caps (const GstCaps * caps,
    const GstCudaPreprocShape * shape, gboolean with_cuda);
GstCaps *gst_cuda_preproc_tensor_to_video_caps (const GstCaps * caps,
    gboolean with_cuda);

/* output-mode=meta: the video passes through, so each side's caps are
 * the other's, of the formats the engine reads (without @with_cuda, CUDA
 * memory is left out). */
GstCaps *gst_cuda_preproc_video_passthrough_caps (const GstCaps * caps,
    gboolean with_cuda);

void gst_cuda_preproc_tensor_caps_fixate_dimensions (GstCaps * caps,
    const GstCudaPreprocShape * shape);

gboolean gst_cuda_preproc_caps_is_cuda (const GstCaps * caps);

/* For fixed raw video caps of a format the engine lacks, the refusal that
 * names it and the remedy (to free); NULL otherwise. */
gchar *gst_cuda_preproc_caps_format_refusal (const GstCaps * caps);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_CAPS_H__ */
