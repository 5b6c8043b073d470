/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The tensor's shape and NNStreamer's spellings of it (docs/caps.md).
 *
 * The element writes a rank-4 tensor, outermost first [N, C, H, W] (NCHW)
 * or [N, H, W, C] (NHWC), C 3 (colour) or 1 (gray).  NNStreamer writes
 * dimensions innermost first, "d0:d1:...", and treats trailing 1s as
 * optional: 224:224:3, 224:224:3:1 and 224:224:3:1:1:1:1:1 are one shape
 * (NCHW 1x3x224x224); 3:224:224 is NHWC 1x224x224x3.  A spelling is read
 * as the 4 dimensions W:H:C:N (NCHW) or C:W:H:N (NHWC), the missing ones
 * 1, those past the fourth 1; which of the two it is, and C, follow from
 * the dimensions and what the properties leave free.  No GStreamer caps
 * here: gstcudapreproc-caps.c puts these in caps. */

#ifndef __GST_CUDA_PREPROC_SHAPE_H__
#define __GST_CUDA_PREPROC_SHAPE_H__

#include <glib.h>

#include "prep.h"

G_BEGIN_DECLS

/* NNStreamer's rank limit (NNS_TENSOR_RANK_LIMIT, 16 since 2.x; 8 and 4
 * before): the longest spelling read. */
#define GST_CUDA_PREPROC_RANK_MAX 16

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

/* What the properties give, and what they leave to downstream. */
typedef struct
{
  GstCudaPreprocShape shape;    /* the properties' (defaults where unset) */
  gboolean size_free;           /* width and height */
  gboolean layout_free;
  gboolean channels_free;       /* channel-order: gray (1) or colour (3) */
  gboolean dtype_free;
  gboolean batch_free;
} GstCudaPreprocWanted;

/* Dimensions innermost first, as NNStreamer writes them. */
typedef struct
{
  guint rank;                   /* 1..GST_CUDA_PREPROC_RANK_MAX */
  guint64 d[GST_CUDA_PREPROC_RANK_MAX];
} GstCudaPreprocDims;

/* NNStreamer's name of @dtype ("float32", "float16", "uint8", "int8"). */
const gchar *gst_cuda_preproc_dtype_name (PrepDataType dtype);
/* The element type of NNStreamer's @name; FALSE for a type the element
 * does not write (float64, int32, ...) or NULL. */
gboolean gst_cuda_preproc_dtype_from_name (const gchar * name,
    PrepDataType * dtype);

/* Reads "d0:d1:...": 1 to GST_CUDA_PREPROC_RANK_MAX dimensions, each in
 * 1 .. G_MAXINT; trailing 0s (NNStreamer's unused ranks) are not counted.
 * FALSE for anything else. */
gboolean gst_cuda_preproc_dims_parse (const gchar * str,
    GstCudaPreprocDims * dims);
/* "d0:d1:..." of the @dims->rank dimensions (to free). */
gchar *gst_cuda_preproc_dims_to_string (const GstCudaPreprocDims * dims);

/* @shape's rank-4 dimensions, innermost first: W:H:C:N or C:W:H:N. */
void gst_cuda_preproc_shape_dims (const GstCudaPreprocShape * shape,
    GstCudaPreprocDims * dims);
/* Their string, "640:640:3:1" (to free). */
gchar *gst_cuda_preproc_shape_to_dimensions (const GstCudaPreprocShape *
    shape);
/* TRUE when both shapes are the same bytes: the same rank-4 dimensions
 * (3:N:3:B reads as NCHW Nx3... and as NHWC 3xN...) and type. */
gboolean gst_cuda_preproc_shape_same_caps (const GstCudaPreprocShape * a,
    const GstCudaPreprocShape * b);
/* The byte size of @shape's tensor; FALSE when it does not fit a
 * gssize. */
gboolean gst_cuda_preproc_shape_get_bytes (const GstCudaPreprocShape * shape,
    gsize * bytes);

/* The shape @dims and @dtype spell, of those @want allows: C 3 or 1 (only
 * the properties' when channel-order is set), NCHW or NHWC (only the
 * properties' when layout is set; when both read, the properties'), N at
 * most PREP_BATCH_MAX.  FALSE with *@why (to free), naming both shapes,
 * when the dimensions can be no tensor of the element.  The size, type
 * and batch are checked by gst_cuda_preproc_shape_refusal (). */
gboolean gst_cuda_preproc_shape_from_dims (const GstCudaPreprocDims * dims,
    PrepDataType dtype, const GstCudaPreprocWanted * want,
    GstCudaPreprocShape * shape, gchar ** why);

/* NULL when @got is a shape @want allows (what the properties left free
 * downstream chose); else why not, naming both shapes and the property
 * that decides (to free). */
gchar *gst_cuda_preproc_shape_refusal (const GstCudaPreprocWanted * want,
    const GstCudaPreprocShape * got);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_SHAPE_H__ */
