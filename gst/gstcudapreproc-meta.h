/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The box-mapping meta: how each slot of an output tensor maps onto the
 * input frame.  A GstCustomMeta, so applications read it with GStreamer's
 * public API alone, without linking the plugin (docs/meta.md):
 *
 *   GstCustomMeta *meta = gst_buffer_get_custom_meta (buffer,
 *       "GstCudaPreprocBoxMeta");
 *   const GstStructure *s = gst_custom_meta_get_structure (meta);
 *
 * The structure (named GST_CUDA_PREPROC_BOX_META_NAME) holds:
 *   "batch-size"    guint   slots of the tensor
 *   "valid-slots"   guint   slots that hold a source rectangle
 *   "tensor-width"  gint    tensor spatial size
 *   "tensor-height" gint
 *   "slot-bytes"    guint64 the bytes of one slot of the tensor (a split
 *                           of the tensor finds its slots by it)
 *   "slots"         GstValueArray of batch-size GstStructures "slot":
 *     "index"       guint     the slot's index, 0 .. batch-size - 1
 *     "valid"       gboolean
 *     "roi-id"      gint      id of the GstVideoRegionOfInterestMeta the slot
 *                             came from, -1 for none (always -1 when
 *                             invalid)
 *     "mtd-id"      gint      id of the GstAnalyticsODMtd the slot came from
 *                             (in the input's GstAnalyticsRelationMeta), -1
 *                             for none
 *     "x", "y", "width", "height"
 *                   gint      the source rectangle, in the coordinates of the
 *                             input's visible frame (all 0 when invalid)
 *     "scale-x", "scale-y", "offset-x", "offset-y"
 *                   gdouble   tensor_x = offset_x + (frame_x - x) * scale_x
 *                             frame_x  = x + (tensor_x - offset_x) / scale_x
 *                             (likewise for y; all 0 when invalid)
 *   with output-mode=meta, the tensor it describes:
 *   "tensor-id"     gchar *   the GstTensor's id in the buffer's GstTensorMeta
 *   and on cudapreprocbatch's tensors (gst_cuda_preproc_box_meta_add_streams
 *   ()), the stream each slot belongs to:
 *     "stream"      gchar *   the sink pad's name ("sink_2"), "" for none
 *     "stream-index" gint     its index (2), -1 for none
 *     "pts"         guint64   the frame's PTS (GST_CLOCK_TIME_NONE when the
 *                             slot holds no frame)
 *     "running-time" guint64  the frame's running time (likewise)
 */

#ifndef __GST_CUDA_PREPROC_META_H__
#define __GST_CUDA_PREPROC_META_H__

#include <gst/gst.h>

#include "gstcudapreproc-rois.h"
#include "prep.h"

G_BEGIN_DECLS

#define GST_CUDA_PREPROC_BOX_META_NAME "GstCudaPreprocBoxMeta"

/* Registers the meta (no tags, no transform function: buffer copies copy
 * the structure, and GstBaseTransform elements pass untagged metas on
 * unchanged, docs/meta.md).  Thread safe and idempotent; also fine when the application
 * registered the same name first.  Called from the element's class_init. */
void gst_cuda_preproc_box_meta_register (void);

/* The stream of one slot of a batch of streams (cudapreprocbatch). */
typedef struct
{
  const gchar *name;            /* the sink pad's name; NULL: none */
  gint index;                   /* its index, -1: none */
  GstClockTime pts;             /* of the slot's frame, NONE: no frame */
  GstClockTime running_time;
} GstCudaPreprocBoxStream;

/* What a box meta says. */
typedef struct
{
  const PrepBoxMap *maps;       /* maps[i]: slot i (src in the coordinates of
                                 * the input's visible frame) */
  const GstCudaPreprocObject *objects;  /* objects[i]: where slot i came
                                         * from; NULL: nowhere */
  const GstCudaPreprocBoxStream *streams;       /* streams[i]: slot i's
                                                 * stream; NULL: no stream
                                                 * fields */
  guint batch_size;
  gint tensor_width, tensor_height;     /* the tensor's spatial size */
  guint64 slot_bytes;           /* the bytes of one slot; 0: not said */
  const gchar *tensor_id;       /* the GstTensorMeta tensor described;
                                 * NULL: the buffer is the tensor */
} GstCudaPreprocBoxMetaSpec;

/* Attaches one box meta to @buffer describing all batch_size slots.  It
 * replaces the box meta of the same tensor: without a tensor_id every box
 * meta the buffer had (a tensor buffer carries one), with one the box meta
 * of that tensor_id (a video buffer carries one per tensor).
 *
 * Returns FALSE, and attaches and removes nothing, when batch_size is not
 * in 1 .. PREP_BATCH_MAX, a tensor size is <= 0, or a valid map has an
 * empty or negative rectangle, a scale that is not finite and > 0, or a
 * non-finite offset.  @buffer must be writable and @spec and its maps
 * non-NULL (g_return_val_if_fail). */
gboolean gst_cuda_preproc_box_meta_add_spec (GstBuffer * buffer,
    const GstCudaPreprocBoxMetaSpec * spec);

/* gst_cuda_preproc_box_meta_add_spec () of a tensor buffer. */
gboolean gst_cuda_preproc_box_meta_add (GstBuffer * buffer,
    const PrepBoxMap * maps, const GstCudaPreprocObject * objects,
    guint batch_size, gint tensor_width, gint tensor_height);

/* gst_cuda_preproc_box_meta_add () with each slot's stream, streams[i] for
 * slot i (@streams NULL: no stream fields, as gst_cuda_preproc_box_meta_add
 * ()), and the bytes of one slot (0: not said). */
gboolean gst_cuda_preproc_box_meta_add_streams (GstBuffer * buffer,
    const PrepBoxMap * maps, const GstCudaPreprocObject * objects,
    const GstCudaPreprocBoxStream * streams, guint batch_size,
    gint tensor_width, gint tensor_height, guint64 slot_bytes);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_META_H__ */
