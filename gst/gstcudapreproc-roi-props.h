/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The properties that select objects as slots with roi-source=meta, the
 * same on cudapreproc and on cudapreprocbatch's sink pads: roi-types,
 * roi-min-size, roi-max-size and roi-min-confidence (roi-type, the older
 * one-label form, stays with each).  Each owner installs them at its own
 * property ids and keeps the values in a GstCudaPreprocRoiFilter under its
 * own lock; these functions read, check and write them. */

#ifndef __GST_CUDA_PREPROC_ROI_PROPS_H__
#define __GST_CUDA_PREPROC_ROI_PROPS_H__

#include <gst/gst.h>

#include "gstcudapreproc-rois.h"

G_BEGIN_DECLS

/* Which of the four, as offsets from the owner's first id. */
typedef enum
{
  GST_CUDA_PREPROC_ROI_PROP_TYPES = 0,
  GST_CUDA_PREPROC_ROI_PROP_MIN_SIZE = 1,
  GST_CUDA_PREPROC_ROI_PROP_MAX_SIZE = 2,
  GST_CUDA_PREPROC_ROI_PROP_MIN_CONFIDENCE = 3,
  GST_CUDA_PREPROC_ROI_PROP_COUNT = 4,
} GstCudaPreprocRoiProp;

/* Installs the four at ids @first_id .. @first_id + 3, with @flags. */
void gst_cuda_preproc_roi_props_install (GObjectClass * gobject_class,
    guint first_id, GParamFlags flags);

/* Reads @value of property @which into @filter (its labels, sizes or
 * confidence; @filter's other fields are kept).  NULL, or why the value
 * is refused (to free; @filter is then unchanged). */
gchar *gst_cuda_preproc_roi_props_read (GstCudaPreprocRoiProp which,
    const GValue * value, GstCudaPreprocRoiFilter * filter);

/* Writes property @which of @filter into @value. */
void gst_cuda_preproc_roi_props_write (GstCudaPreprocRoiProp which,
    const GstCudaPreprocRoiFilter * filter, GValue * value);

/* The filter that selects the slots: @props' sizes and confidence, and
 * the labels of roi-types and roi-type (@roi_type, 0: none) together. */
void gst_cuda_preproc_roi_props_filter (const GstCudaPreprocRoiFilter *
    props, GQuark roi_type, GstCudaPreprocRoiFilter * filter);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_ROI_PROPS_H__ */
