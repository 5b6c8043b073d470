/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The sink pads of cudapreprocbatch: one camera stream each, a source of
 * the batch (gstcudapreproc-sources.h), with its own video caps and its
 * own crop or objects (the crop-* and roi-* pad properties, as
 * cudapreproc's). */

#ifndef __GST_CUDA_PREPROC_BATCH_PAD_H__
#define __GST_CUDA_PREPROC_BATCH_PAD_H__

#include <gst/gst.h>
#include <gst/base/gstaggregator.h>
#include <gst/video/video.h>

#include "gstcudapreproc-props.h"
#include "gstcudapreproc-rois.h"
#include "gstcudapreproc-sources.h"
#include "prep.h"

G_BEGIN_DECLS

#define GST_TYPE_CUDA_PREPROC_BATCH_PAD (gst_cuda_preproc_batch_pad_get_type ())
G_DECLARE_FINAL_TYPE (GstCudaPreprocBatchPad, gst_cuda_preproc_batch_pad,
    GST, CUDA_PREPROC_BATCH_PAD, GstAggregatorPad);

/* The index N of the pad sink_N. */
guint gst_cuda_preproc_batch_pad_index (GstCudaPreprocBatchPad * pad);

/* Counts the changes of the pad's caps and crop: a streams plan made at
 * another serial is stale. */
guint gst_cuda_preproc_batch_pad_serial (GstCudaPreprocBatchPad * pad);

/* Takes new caps (the aggregator's thread, serialized); FALSE with
 * *@error (to free) for caps the CPU path cannot read. */
gboolean gst_cuda_preproc_batch_pad_set_caps (GstCudaPreprocBatchPad * pad,
    GstCaps * caps, gchar ** error);

/* Whether the pad's caps are in CUDA memory. */
gboolean gst_cuda_preproc_batch_pad_is_cuda (GstCudaPreprocBatchPad * pad);
/* TRUE once the pad has caps. */
gboolean gst_cuda_preproc_batch_pad_has_caps (GstCudaPreprocBatchPad * pad);

/* The caps' video info (valid once the pad has caps). */
const GstVideoInfo *gst_cuda_preproc_batch_pad_info (GstCudaPreprocBatchPad *
    pad);

/* The pad's stream as a source of the batch: its caps, the colour of
 * the caps or of @s (color-matrix, color-range), its crop or its objects
 * (roi-source and the filter properties), its name.  @src's info points
 * into the pad (until its next caps).  FALSE with *@error (to free) when
 * the matrix is one the engine lacks. */
gboolean gst_cuda_preproc_batch_pad_source (GstCudaPreprocBatchPad * pad,
    const GstCudaPreprocSettings * s, GstCudaPreprocSource * src,
    gchar ** error);

/* What the stream remembers for its texts (the aggregator's thread). */
GstCudaPreprocSourceState *gst_cuda_preproc_batch_pad_state
    (GstCudaPreprocBatchPad * pad);

/* Why @pad refuses @caps (a format the engine lacks, CUDA memory without
 * a CUDA driver or in a build without the CUDA path), the text starting
 * with the pad's name; NULL when it takes them. */
gchar *gst_cuda_preproc_batch_pad_caps_refusal (GstCudaPreprocBatchPad * pad,
    GstCaps * caps);

/* The element's GstChildProxy interface: its sink pads by name, so that
 * gst-launch-1.0 sets their properties (b sink_0::crop-x=100). */
void gst_cuda_preproc_batch_child_proxy_init (gpointer g_iface,
    gpointer iface_data);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_BATCH_PAD_H__ */
