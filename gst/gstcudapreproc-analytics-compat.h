/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Every difference of GStreamer's analytics library (libgstanalytics,
 * gst-plugins-bad) between the supported versions, in one place, as
 * feature macros that the plugin and the tests test instead of
 * GST_CHECK_VERSION (gstcudapreproc-compat.h does the same for the CUDA
 * library; docs/platforms.md lists both).
 *
 * 1.22: no analytics library: none of the features below.
 * 1.24: GstAnalyticsRelationMeta and GstAnalyticsODMtd (object detections).
 * 1.26: GstTensorMeta holding GstTensors; registered without a transform
 *       function, so a copy of the buffer (gst_buffer_copy (),
 *       gst_buffer_make_writable () of a shared buffer) drops it, while the
 *       relation meta is copied.  Every 1.26.x (1.26.0 to 1.26.11) is so.
 *       gst_buffer_add_tensor_meta () returns the meta the buffer has.
 * 1.28: GstTensorMeta is copied with the buffer (its tensors share their
 *       data); gst_buffer_add_tensor_meta () always adds a new meta;
 *       GstAnalyticsTensorMtd, a tensor in the relation meta.
 * After 1.28 (upstream's development branch, not released): a
 *       GstTensorListMeta whose items may name their provenance; see
 *       docs/analytics.md, "Later". */

#ifndef __GST_CUDA_PREPROC_ANALYTICS_COMPAT_H__
#define __GST_CUDA_PREPROC_ANALYTICS_COMPAT_H__

#include <gst/gst.h>

#ifdef HAVE_GST_ANALYTICS
#include <gst/analytics/analytics.h>
/* GstAnalyticsRelationMeta and GstAnalyticsODMtd */
#define GST_CUDA_PREPROC_HAVE_OD_MTD GST_CHECK_VERSION(1, 24, 0)
/* GstTensorMeta, GstTensor: output-mode=meta */
#define GST_CUDA_PREPROC_HAVE_TENSOR_META GST_CHECK_VERSION(1, 26, 0)
/* GstAnalyticsTensorMtd: each slot's tensor related to its object */
#define GST_CUDA_PREPROC_HAVE_TENSOR_MTD GST_CHECK_VERSION(1, 28, 0)
/* buffer copies keep the GstTensorMeta */
#define GST_CUDA_PREPROC_TENSOR_META_COPIES GST_CHECK_VERSION(1, 28, 0)
#else
#define GST_CUDA_PREPROC_HAVE_OD_MTD 0
#define GST_CUDA_PREPROC_HAVE_TENSOR_META 0
#define GST_CUDA_PREPROC_HAVE_TENSOR_MTD 0
#define GST_CUDA_PREPROC_TENSOR_META_COPIES 0
#endif

/* The GStreamer release that output-mode=meta needs, for the refusal. */
#define GST_CUDA_PREPROC_TENSOR_META_SINCE "1.26"

#endif /* __GST_CUDA_PREPROC_ANALYTICS_COMPAT_H__ */
