/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The box-mapping meta (see gstcudapreproc-meta.h and docs/meta.md). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>

#include "gstcudapreproc-meta.h"

void
gst_cuda_preproc_box_meta_register (void)
{
  static gsize registered = 0;
  static const gchar *tags[] = { NULL };

  if (g_once_init_enter (&registered)) {
    /* Registering a name twice is an error in GStreamer: the application
     * may have registered it first to read it. */
    if (gst_meta_get_info (GST_CUDA_PREPROC_BOX_META_NAME) == NULL)
      gst_meta_register_custom (GST_CUDA_PREPROC_BOX_META_NAME, tags, NULL,
          NULL, NULL);
    g_once_init_leave (&registered, 1);
  }
}

static gboolean
box_map_ok (const PrepBoxMap * map)
{
  if (!map->valid)
    return TRUE;
  if (map->src.x < 0 || map->src.y < 0 || map->src.width <= 0
      || map->src.height <= 0)
    return FALSE;
  if (!isfinite (map->scale_x) || !isfinite (map->scale_y)
      || map->scale_x <= 0.0 || map->scale_y <= 0.0)
    return FALSE;
  return isfinite (map->offset_x) && isfinite (map->offset_y);
}

static gboolean
box_args_ok (const PrepBoxMap * maps, guint batch_size, gint tensor_width,
    gint tensor_height)
{
  guint i;

  if (batch_size < 1 || batch_size > PREP_BATCH_MAX)
    return FALSE;
  if (tensor_width <= 0 || tensor_height <= 0)
    return FALSE;
  for (i = 0; i < batch_size; i++) {
    if (!box_map_ok (&maps[i]))
      return FALSE;
  }
  return TRUE;
}

/* Slot @index as a "slot" structure; an invalid slot is all zeros and
 * roi-id and mtd-id -1. */
static GstStructure *
box_slot_structure (guint index, const PrepBoxMap * map,
    const GstCudaPreprocObject * object)
{
  static const PrepBoxMap none = { {0, 0, 0, 0}, 0.0, 0.0, 0.0, 0.0, 0 };
  const PrepBoxMap *m = map->valid ? map : &none;

  return gst_structure_new ("slot",
      "index", G_TYPE_UINT, index,
      "valid", G_TYPE_BOOLEAN, map->valid ? TRUE : FALSE,
      "roi-id", G_TYPE_INT, map->valid && object ? object->roi_id : -1,
      "mtd-id", G_TYPE_INT, map->valid && object ? object->mtd_id : -1,
      "x", G_TYPE_INT, m->src.x, "y", G_TYPE_INT, m->src.y,
      "width", G_TYPE_INT, m->src.width, "height", G_TYPE_INT, m->src.height,
      "scale-x", G_TYPE_DOUBLE, m->scale_x,
      "scale-y", G_TYPE_DOUBLE, m->scale_y,
      "offset-x", G_TYPE_DOUBLE, m->offset_x,
      "offset-y", G_TYPE_DOUBLE, m->offset_y, NULL);
}

static guint
box_count_valid (const PrepBoxMap * maps, guint batch_size)
{
  guint i, n_valid = 0;

  for (i = 0; i < batch_size; i++)
    n_valid += maps[i].valid ? 1 : 0;
  return n_valid;
}

/* The stream fields of a slot of cudapreprocbatch's tensors. */
static void
box_slot_set_stream (GstStructure * slot, const GstCudaPreprocBoxStream * st)
{
  gst_structure_set (slot, "stream", G_TYPE_STRING,
      st->name != NULL ? st->name : "", "stream-index", G_TYPE_INT, st->index,
      "pts", G_TYPE_UINT64, st->pts, "running-time", G_TYPE_UINT64,
      st->running_time, NULL);
}

/* Sets the "slots" array of @s. */
static void
box_set_slots (GstStructure * s, const GstCudaPreprocBoxMetaSpec * spec)
{
  GValue slots = G_VALUE_INIT;
  guint i;

  gst_value_array_init (&slots, spec->batch_size);
  for (i = 0; i < spec->batch_size; i++) {
    GValue v = G_VALUE_INIT;
    GstStructure *slot = box_slot_structure (i, &spec->maps[i],
        spec->objects ? &spec->objects[i] : NULL);

    if (spec->streams != NULL)
      box_slot_set_stream (slot, &spec->streams[i]);
    g_value_init (&v, GST_TYPE_STRUCTURE);
    g_value_take_boxed (&v, slot);
    gst_value_array_append_and_take_value (&slots, &v);
  }
  gst_structure_take_value (s, "slots", &slots);
}

/* Removes the box metas of the tensor @tensor_id (NULL: all of them). */
static void
box_meta_remove (GstBuffer * buffer, const gchar * tensor_id)
{
  gpointer state = NULL;
  GstMeta *meta;
  GPtrArray *gone = g_ptr_array_new ();
  guint i;

  while ((meta = gst_buffer_iterate_meta (buffer, &state)) != NULL) {
    GstCustomMeta *custom;

    if (!gst_meta_info_is_custom (meta->info))
      continue;
    custom = (GstCustomMeta *) meta;
    if (!gst_custom_meta_has_name (custom, GST_CUDA_PREPROC_BOX_META_NAME))
      continue;
    if (tensor_id == NULL || g_strcmp0 (tensor_id,
            gst_structure_get_string (gst_custom_meta_get_structure (custom),
                "tensor-id")) == 0)
      g_ptr_array_add (gone, meta);
  }
  for (i = 0; i < gone->len; i++)
    gst_buffer_remove_meta (buffer, g_ptr_array_index (gone, i));
  g_ptr_array_unref (gone);
}

gboolean
gst_cuda_preproc_box_meta_add (GstBuffer * buffer, const PrepBoxMap * maps,
    const GstCudaPreprocObject * objects, guint batch_size, gint tensor_width,
    gint tensor_height)
{
  return gst_cuda_preproc_box_meta_add_streams (buffer, maps, objects, NULL,
      batch_size, tensor_width, tensor_height, 0);
}

gboolean
gst_cuda_preproc_box_meta_add_streams (GstBuffer * buffer,
    const PrepBoxMap * maps, const GstCudaPreprocObject * objects,
    const GstCudaPreprocBoxStream * streams, guint batch_size,
    gint tensor_width, gint tensor_height, guint64 slot_bytes)
{
  GstCudaPreprocBoxMetaSpec spec = {
    .maps = maps,.objects = objects,.streams = streams,
    .batch_size = batch_size,.tensor_width = tensor_width,
    .tensor_height = tensor_height,.slot_bytes = slot_bytes,
    .tensor_id = NULL,
  };

  g_return_val_if_fail (maps != NULL, FALSE);
  return gst_cuda_preproc_box_meta_add_spec (buffer, &spec);
}

gboolean
gst_cuda_preproc_box_meta_add_spec (GstBuffer * buffer,
    const GstCudaPreprocBoxMetaSpec * spec)
{
  GstCustomMeta *meta;
  GstStructure *s;

  g_return_val_if_fail (GST_IS_BUFFER (buffer), FALSE);
  g_return_val_if_fail (gst_buffer_is_writable (buffer), FALSE);
  g_return_val_if_fail (spec != NULL && spec->maps != NULL, FALSE);

  if (!box_args_ok (spec->maps, spec->batch_size, spec->tensor_width,
          spec->tensor_height))
    return FALSE;
  gst_cuda_preproc_box_meta_register ();
  box_meta_remove (buffer, spec->tensor_id);
  meta = gst_buffer_add_custom_meta (buffer, GST_CUDA_PREPROC_BOX_META_NAME);
  if (meta == NULL)
    return FALSE;
  s = gst_custom_meta_get_structure (meta);
  gst_structure_set (s, "batch-size", G_TYPE_UINT, spec->batch_size,
      "valid-slots", G_TYPE_UINT, box_count_valid (spec->maps,
          spec->batch_size), "tensor-width", G_TYPE_INT, spec->tensor_width,
      "tensor-height", G_TYPE_INT, spec->tensor_height, NULL);
  if (spec->slot_bytes > 0)
    gst_structure_set (s, "slot-bytes", G_TYPE_UINT64, spec->slot_bytes, NULL);
  if (spec->tensor_id != NULL)
    gst_structure_set (s, "tensor-id", G_TYPE_STRING, spec->tensor_id, NULL);
  box_set_slots (s, spec);
  return TRUE;
}
