/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The tensor as analytics metadata (see gstcudapreproc-analytics.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstcudapreproc-analytics.h"
#include "gstcudapreproc-analytics-compat.h"
#include "gstcudapreproc-cuda.h"

gchar *
gst_cuda_preproc_analytics_meta_refusal (void)
{
#if GST_CUDA_PREPROC_HAVE_TENSOR_META
  return NULL;
#else
#ifdef HAVE_GST_ANALYTICS
  const gchar *lib = "";
#else
  const gchar *lib = ", without the analytics library (libgstanalytics)";
#endif
  return g_strdup_printf ("the tensor as a GstTensorMeta needs GStreamer "
      "%s or later with its analytics library; this build is for GStreamer "
      "%d.%d%s", GST_CUDA_PREPROC_TENSOR_META_SINCE, GST_VERSION_MAJOR,
      GST_VERSION_MINOR, lib);
#endif
}

void
gst_cuda_preproc_analytics_dims (const GstCudaPreprocShape * shape,
    gsize batch, gsize dims[4])
{
  dims[0] = batch;
  if (shape->nhwc) {
    dims[1] = (gsize) shape->height;
    dims[2] = (gsize) shape->width;
    dims[3] = (gsize) shape->channels;
  } else {
    dims[1] = (gsize) shape->channels;
    dims[2] = (gsize) shape->height;
    dims[3] = (gsize) shape->width;
  }
}

#if GST_CUDA_PREPROC_HAVE_TENSOR_META

static GstTensorDataType
analytics_data_type (PrepDataType dtype)
{
  switch (dtype) {
    case PREP_DTYPE_FLOAT16:
      return GST_TENSOR_DATA_TYPE_FLOAT16;
    case PREP_DTYPE_UINT8:
      return GST_TENSOR_DATA_TYPE_UINT8;
    case PREP_DTYPE_INT8:
      return GST_TENSOR_DATA_TYPE_INT8;
    case PREP_DTYPE_FLOAT32:
    default:
      return GST_TENSOR_DATA_TYPE_FLOAT32;
  }
}

/* The GstTensor of @spec (its data referenced), or NULL. */
static GstTensor *
analytics_tensor (const GstCudaPreprocTensorMetaSpec * spec, GstBuffer * data,
    gsize batch)
{
  gsize dims[4];

  gst_cuda_preproc_analytics_dims (spec->shape, batch, dims);
  return gst_tensor_new_simple (spec->id,
      analytics_data_type (spec->shape->dtype), gst_buffer_ref (data),
      GST_TENSOR_DIM_ORDER_ROW_MAJOR, 4, dims);
}

/* @tensor into @video's GstTensorMeta (taken): in place of the tensor of
 * its id, else after the others.  gst_tensor_meta_set () frees the tensors
 * it held, so the kept ones go in as copies (sharing their data). */
static void
analytics_put_tensor (GstBuffer * video, GstTensor * tensor)
{
  GstTensorMeta *tmeta = gst_buffer_get_tensor_meta (video);
  GstTensor **tensors;
  gint same;
  gsize i, n;

  if (tmeta == NULL)
    tmeta = gst_buffer_add_tensor_meta (video);
  same = tmeta->num_tensors > 0 ?
      gst_tensor_meta_get_index_from_id (tmeta, tensor->id) : -1;
  n = tmeta->num_tensors + (same < 0 ? 1 : 0);
  tensors = g_new0 (GstTensor *, n);
  for (i = 0; i < tmeta->num_tensors; i++)
    tensors[i] = (gint) i == same ? tensor :
        gst_tensor_copy (tmeta->tensors[i]);
  if (same < 0)
    tensors[n - 1] = tensor;
  gst_tensor_meta_set (tmeta, (guint) n, tensors);
}

#endif /* GST_CUDA_PREPROC_HAVE_TENSOR_META */

#if GST_CUDA_PREPROC_HAVE_TENSOR_MTD

/* Slot @index's bytes of the tensor, sharing its memory. */
static GstBuffer *
analytics_slot_data (GstBuffer * data, guint index, gsize slot_bytes)
{
  gsize offset = index * slot_bytes;

  if (gst_cuda_preproc_cuda_is_cuda_buffer (data))
    return gst_cuda_preproc_cuda_sub_tensor (data, offset, slot_bytes);
  return gst_buffer_copy_region (data, GST_BUFFER_COPY_MEMORY, offset,
      slot_bytes);
}

/* The id of slot @index's object: its ODMtd, or one added for it. */
static gboolean
analytics_slot_object (GstAnalyticsRelationMeta * rmeta,
    const GstCudaPreprocTensorMetaSpec * spec, guint index, guint * id)
{
  const GstCudaPreprocObject *o = &spec->objects[index];
  const PrepRect *r = &spec->maps[index].src;
  GstAnalyticsODMtd od;
  GQuark label;

  if (o->mtd_id >= 0 &&
      gst_analytics_relation_meta_get_od_mtd (rmeta, (guint) o->mtd_id, &od)) {
    *id = od.id;
    return TRUE;
  }
  label = o->label != 0 ? o->label :
      g_quark_from_static_string (GST_CUDA_PREPROC_SLOT_LABEL);
  if (!gst_analytics_relation_meta_add_od_mtd (rmeta, label, r->x, r->y,
          r->width, r->height, 1.0f, &od))
    return FALSE;
  *id = od.id;
  return TRUE;
}

/* Slot @index's part of the tensor as a GstAnalyticsTensorMtd related to
 * the slot's object. */
static gboolean
analytics_relate_slot (GstAnalyticsRelationMeta * rmeta,
    const GstCudaPreprocTensorMetaSpec * spec, guint index, gsize slot_bytes)
{
  GstAnalyticsTensorMtd tmtd;
  GstBuffer *sub;
  gsize dims[4];
  guint object;

  if (!analytics_slot_object (rmeta, spec, index, &object))
    return FALSE;
  sub = analytics_slot_data (spec->data, index, slot_bytes);
  if (sub == NULL)
    return FALSE;
  gst_cuda_preproc_analytics_dims (spec->shape, 1, dims);
  if (!gst_analytics_relation_meta_add_tensor_mtd_simple (rmeta, spec->id,
          analytics_data_type (spec->shape->dtype), sub,
          GST_TENSOR_DIM_ORDER_ROW_MAJOR, 4, dims, &tmtd))
    return FALSE;
  return gst_analytics_relation_meta_set_relation (rmeta,
      GST_ANALYTICS_REL_TYPE_RELATE_TO, tmtd.id, object) &&
      gst_analytics_relation_meta_set_relation (rmeta,
      GST_ANALYTICS_REL_TYPE_RELATE_TO, object, tmtd.id);
}

static gboolean
analytics_relate_slots (GstBuffer * video,
    const GstCudaPreprocTensorMetaSpec * spec, gchar ** error)
{
  GstAnalyticsRelationMeta *rmeta;
  gsize slot_bytes = gst_buffer_get_size (spec->data) / spec->shape->batch;
  guint i = 0;

  rmeta = gst_buffer_get_analytics_relation_meta (video);
  if (rmeta == NULL)
    rmeta = gst_buffer_add_analytics_relation_meta (video);
  if (rmeta == NULL)
    goto refused;
  for (i = 0; i < (guint) spec->shape->batch; i++) {
    if (spec->maps[i].valid && !analytics_relate_slot (rmeta, spec, i,
            slot_bytes))
      goto refused;
  }
  return TRUE;

  /* ERRORS */
refused:
  {
    *error = g_strdup_printf ("Cannot relate the tensor's slot %u to its "
        "object in the analytics relation meta", i);
    return FALSE;
  }
}

#endif /* GST_CUDA_PREPROC_HAVE_TENSOR_MTD */

gboolean
gst_cuda_preproc_analytics_attach (GstBuffer * video,
    const GstCudaPreprocTensorMetaSpec * spec, gchar ** error)
{
#if GST_CUDA_PREPROC_HAVE_TENSOR_META
  GstTensor *tensor = analytics_tensor (spec, spec->data,
      (gsize) spec->shape->batch);

  if (tensor == NULL)
    goto refused;
  analytics_put_tensor (video, tensor);
#if GST_CUDA_PREPROC_HAVE_TENSOR_MTD
  return analytics_relate_slots (video, spec, error);
#else
  return TRUE;
#endif

  /* ERRORS */
refused:
  {
    *error = g_strdup ("Cannot make the GstTensor of the tensor");
    return FALSE;
  }
#else
  *error = gst_cuda_preproc_analytics_meta_refusal ();
  return FALSE;
#endif
}
