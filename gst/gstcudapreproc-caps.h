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

#include "gstcudapreproc-shape.h"
#include "prep.h"

G_BEGIN_DECLS

/* The input formats, in the engine's order (PrepFormat); the first is the
 * one a fixating upstream picks. */
#define GST_CUDA_PREPROC_FORMATS \
    "{ NV12, NV21, I420, YV12, P010_10LE, P016_LE, Y444, YUY2, UYVY, " \
    "Y42B, I422_10LE, I420_10LE, NV16, RGBA, BGRA, RGBx, BGRx, ARGB, " \
    "ABGR, RGB, BGR, GRAY8 }"

#define GST_CUDA_PREPROC_VIDEO_FIELDS \
    "format = (string) " GST_CUDA_PREPROC_FORMATS ", " \
    "width = (int) [ 1, max ], " \
    "height = (int) [ 1, max ], framerate = (fraction) [ 0/1, max ]"

/* NNStreamer's tensors (docs/caps.md): static other/tensors with one
 * tensor of float32, float16, uint8 or int8, dimensions innermost first
 * (640:640:3:1 is NCHW 1x3x640x640, 224:224:3:8 a batch of 8, 64:32:1:1
 * one gray channel; trailing 1s may be left out: 224:224:3); the legacy
 * other/tensor (dimension, type); and flexible other/tensors, whose buffers
 * start with NNStreamer's header of the tensor's shape and type. */
#define GST_CUDA_PREPROC_TENSOR_TYPES "{ float32, float16, uint8, int8 }"
#define GST_CUDA_PREPROC_TENSOR_FIELDS \
    "format = (string) static, num_tensors = (int) 1, " \
    "types = (string) " GST_CUDA_PREPROC_TENSOR_TYPES ", " \
    "framerate = (fraction) [ 0/1, max ]"
#define GST_CUDA_PREPROC_FLEX_FIELDS \
    "format = (string) flexible, framerate = (fraction) [ 0/1, max ]"
#define GST_CUDA_PREPROC_LEGACY_FIELDS \
    "type = (string) " GST_CUDA_PREPROC_TENSOR_TYPES ", " \
    "framerate = (fraction) [ 0/1, max ]"
#define GST_CUDA_PREPROC_TENSOR_STRUCTURES(feature) \
    "other/tensors" feature ", " GST_CUDA_PREPROC_TENSOR_FIELDS "; " \
    "other/tensor" feature ", " GST_CUDA_PREPROC_LEGACY_FIELDS "; " \
    "other/tensors" feature ", " GST_CUDA_PREPROC_FLEX_FIELDS

/* The size of the header flexible tensors start with (NNStreamer's
 * GstTensorMetaInfo, version 1). */
#define GST_CUDA_PREPROC_FLEX_HEADER_BYTES 128

#ifdef HAVE_CUDA
#define GST_CUDA_PREPROC_SINK_CAPS \
    "video/x-raw(memory:CUDAMemory), " GST_CUDA_PREPROC_VIDEO_FIELDS "; " \
    "video/x-raw, " GST_CUDA_PREPROC_VIDEO_FIELDS
#else
#define GST_CUDA_PREPROC_SINK_CAPS "video/x-raw, " GST_CUDA_PREPROC_VIDEO_FIELDS
#endif
/* CUDA tensors are listed in builds without the CUDA path too: a
 * downstream that takes only those links, and negotiation then says what
 * is missing (docs/cuda.md) instead of "could not link". */
#define GST_CUDA_PREPROC_TENSOR_CAPS \
    GST_CUDA_PREPROC_TENSOR_STRUCTURES ("(memory:CUDAMemory)") "; " \
    GST_CUDA_PREPROC_TENSOR_STRUCTURES ("")
#define GST_CUDA_PREPROC_SRC_CAPS \
    GST_CUDA_PREPROC_TENSOR_CAPS "; " GST_CUDA_PREPROC_SINK_CAPS

/* What comes before the tensor in its buffer: NNStreamer's header of
 * flexible tensors, or nothing (bytes 0). */
typedef struct
{
  const guint8 *data;
  gsize bytes;
} GstCudaPreprocHeader;

/* The largest tensor the element produces, in bytes: the size of a
 * GstBufferPool's buffers is a guint (docs/bad-input.md).  Larger tensors
 * are refused at negotiation. */
#define GST_CUDA_PREPROC_MAX_TENSOR_BYTES ((gsize) G_MAXUINT)

/* The largest CUDA tensor: GStreamer's CUDA memory describes its one row
 * with a gint stride, so the element's CUDA pool takes no more. */
#define GST_CUDA_PREPROC_MAX_CUDA_TENSOR_BYTES ((gsize) G_MAXINT)

/* NULL when a tensor buffer of @bytes (@shape's, in CUDA memory when
 * @cuda) can be allocated; else why not, naming its size and the limit
 * (to free): beyond GST_CUDA_PREPROC_MAX_TENSOR_BYTES, beyond
 * GST_CUDA_PREPROC_MAX_CUDA_TENSOR_BYTES for CUDA tensors, or, in system
 * memory, more than this process can allocate.  Refused at negotiation
 * rather than failing (or aborting, g_malloc ()) at the first buffer. */
gchar *gst_cuda_preproc_tensor_bytes_refusal (const GstCudaPreprocShape *
    shape, gsize bytes, gboolean cuda);

/* The same for @shape's tensor alone, its size into *@bytes; also refuses
 * a size that overflows. */
gchar *gst_cuda_preproc_shape_bytes_refusal (const GstCudaPreprocShape *
    shape, gboolean cuda, gsize * bytes);

/* The engine's format of @format; FALSE when the engine lacks it. */
gboolean gst_cuda_preproc_prep_format (GstVideoFormat format,
    PrepFormat * out);

/* The shape of negotiated tensor caps, read as @want allows
 * (gst_cuda_preproc_shape_from_dims ()); flexible caps say none: theirs is
 * @want's, and *@flexible is set.  FALSE with *@why (to free) naming both
 * shapes when the caps can be no tensor of the element. */
gboolean gst_cuda_preproc_caps_get_shape (const GstCaps * caps,
    const GstCudaPreprocWanted * want, GstCudaPreprocShape * shape,
    gboolean * flexible, gchar ** why);

/* Caps on the other side.  CUDA video gives CUDA tensors, then system
 * tensors (the kernel's output is downloaded); system video gives system
 * tensors.  Without @with_cuda, structures that need CUDA are left out.
 * The tensor caps have the properties' dimensions and type first, then the
 * same with the dimensions and type open, the legacy other/tensor
 * likewise, then flexible tensors: a downstream that fixes what the
 * properties leave free chooses it (set_caps () checks it with
 * gst_cuda_preproc_shape_refusal (), and names both where a property
 * contradicts it). */
GstCaps *gst_cuda_preproc_video_to_tensor_caps (const GstCaps * caps,
    const GstCudaPreprocWanted * want, gboolean with_cuda);
GstCaps *gst_cuda_preproc_tensor_to_video_caps (const GstCaps * caps,
    gboolean with_cuda);

/* Fixed tensor caps that left the dimensions open take @shape's: TRUE
 * when they did. */
gboolean gst_cuda_preproc_tensor_caps_fixate_dimensions (GstCaps * caps,
    const GstCudaPreprocShape * shape);

/* NNStreamer's header of flexible tensors for @shape (GstTensorMetaInfo
 * version 1: magic, version, type, the rank-4 dimensions innermost first,
 * format static, media type tensor; the rest 0), in host byte order. */
void gst_cuda_preproc_flex_header (const GstCudaPreprocShape * shape,
    guint8 header[GST_CUDA_PREPROC_FLEX_HEADER_BYTES]);

/* output-mode=meta: the video passes through, so each side's caps are
 * the other's, of the formats the engine reads (without @with_cuda, CUDA
 * memory is left out). */
GstCaps *gst_cuda_preproc_video_passthrough_caps (const GstCaps * caps,
    gboolean with_cuda);

gboolean gst_cuda_preproc_caps_is_cuda (const GstCaps * caps);

/* TRUE when every structure of @caps (may be NULL) is in CUDA memory:
 * downstream takes nothing else. */
gboolean gst_cuda_preproc_caps_cuda_only (const GstCaps * caps);

/* @caps (taken) followed by the CUDA-memory twin of each of its structures
 * in system memory (those @filter, may be NULL, allows).  What a src pad
 * answers to a caps query where it cannot make CUDA memory: a link to a
 * consumer of CUDA memory only then succeeds, and negotiation fails with a
 * message that says why (gst_cuda_preproc_caps_cuda_output_refusal ())
 * instead of "could not link". */
GstCaps *gst_cuda_preproc_caps_add_cuda_last (GstCaps * caps,
    GstCaps * filter);

/* Why a tensor in CUDA memory cannot come out when downstream takes
 * nothing else: @cuda_why, why CUDA cannot be used (no driver, a build
 * without the CUDA path, the device), or else the input in system memory
 * (!@cuda_in).  NULL when neither holds. */
gchar *gst_cuda_preproc_caps_cuda_output_refusal (const gchar * cuda_why,
    gboolean cuda_in);

/* TRUE when a structure of @caps (may be NULL) fixes tensor dimensions. */
gboolean gst_cuda_preproc_caps_have_dimensions (const GstCaps * caps);

/* For fixed raw video caps of a format the engine lacks, the refusal that
 * names it and the remedy (to free); NULL otherwise. */
gchar *gst_cuda_preproc_caps_format_refusal (const GstCaps * caps);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_CAPS_H__ */
