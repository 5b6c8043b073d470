/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What negotiation fixes for cudapreproc, and the plan built from it and
 * the properties.  No element code: these functions say what is wrong,
 * and the element posts it.  The element replaces its negotiated state as
 * a whole, and only with a plan built from it, so that a refusal leaves it
 * exactly as it was (docs/bad-input.md). */

#ifndef __GST_CUDA_PREPROC_NEGOTIATE_H__
#define __GST_CUDA_PREPROC_NEGOTIATE_H__

#include <gst/video/video.h>

#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-props.h"
#include "gstcudapreproc-run.h"
#include "gstcudapreproc-sources.h"
#include "prep.h"

G_BEGIN_DECLS

typedef struct
{
  GstVideoInfo in_info;
  PrepFormat format;
  PrepMatrix matrix;            /* the caps' (color-matrix=auto) */
  gboolean matrix_known;        /* FALSE: a YUV matrix the engine lacks */
  PrepRange range;              /* the caps' (color-range=auto) */
  GstVideoColorimetry stated;   /* what the caps say, for the log */
  GstCudaPreprocShape shape;    /* negotiated output */
  gsize out_bytes;              /* of a tensor buffer: header and tensor */
  gsize header_bytes;           /* flexible tensors: NNStreamer's header
                                 * before the tensor; else 0 */
  gboolean size_defaulted;      /* width and height unset, and downstream
                                 * left the dimensions open */
  gboolean cuda_in, cuda_out;   /* negotiated memory (output-mode=meta:
                                 * the tensor's, from tensor-memory) */
  gboolean meta;                /* output-mode=meta: the video passes
                                 * through, the shape is the properties' */
} GstCudaPreprocNegotiated;

/* Reads negotiated caps into @neg: input info and colorimetry, the tensor
 * shape (in any of NNStreamer's spellings, as @want allows: its layout
 * decides dimensions that read both ways; flexible caps take @want's) and
 * its size (which must be one the element can allocate).  FALSE with *@error
 * (to free) saying why; *@error stays NULL for caps GstVideoInfo cannot
 * parse. */
gboolean gst_cuda_preproc_negotiated_from_caps (GstCudaPreprocNegotiated *
    neg, GstCaps * incaps, GstCaps * outcaps,
    const GstCudaPreprocWanted * want, gchar ** error);

/* output-mode=meta: reads the video caps @incaps (the output's are the
 * same) into @neg; the tensor takes @want's shape (the properties'), and
 * its memory is settled by gst_cuda_preproc_negotiated_plan ().  FALSE
 * with *@error (to free) saying why; *@error stays NULL for caps
 * GstVideoInfo cannot parse. */
gboolean gst_cuda_preproc_negotiated_from_video (GstCudaPreprocNegotiated *
    neg, GstCaps * incaps, const GstCudaPreprocWanted * want, gchar ** error);

/* The source of @neg and the settings @s (its frames, colour, and how its
 * slots are chosen), its first slots (the property rectangles resolved
 * against the caps' frame: the texts of clamped ones, and of rois beyond
 * the batch, are appended to @warnings, with those of an integer tensor
 * holding few values and of the default size) and @run's tensor and plan.
 * @neg's layout follows the property where the caps read both ways; with
 * output-mode=meta its shape is @want's and its tensor is in CUDA memory
 * when the input is and tensor-memory is auto.  @src's info points into
 * @neg.  FALSE with *@error (to free) when @neg's shape is not one @want
 * allows, a rectangle lies outside the frame or the engine refuses the
 * tensor. */
gboolean gst_cuda_preproc_negotiated_run (GstCudaPreprocNegotiated * neg,
    const GstCudaPreprocSettings * s, const GstCudaPreprocWanted * want,
    GstCudaPreprocSource * src, GstCudaPreprocBatchSlots * slots,
    GstCudaPreprocRun * run, GPtrArray * warnings, gchar ** error);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_NEGOTIATE_H__ */
