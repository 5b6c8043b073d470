/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The tensor's shape and NNStreamer's spellings of it (see
 * gstcudapreproc-shape.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstcudapreproc-shape.h"

static const gchar *const dtype_names[] = {
  [PREP_DTYPE_FLOAT32] = "float32",
  [PREP_DTYPE_FLOAT16] = "float16",
  [PREP_DTYPE_UINT8] = "uint8",
  [PREP_DTYPE_INT8] = "int8",
};

const gchar *
gst_cuda_preproc_dtype_name (PrepDataType dtype)
{
  return (guint) dtype < G_N_ELEMENTS (dtype_names) ? dtype_names[dtype] :
      "unknown";
}

gboolean
gst_cuda_preproc_dtype_from_name (const gchar * name, PrepDataType * dtype)
{
  guint i;

  for (i = 0; name != NULL && i < G_N_ELEMENTS (dtype_names); i++)
    if (strcmp (name, dtype_names[i]) == 0) {
      *dtype = (PrepDataType) i;
      return TRUE;
    }
  return FALSE;
}

gboolean
gst_cuda_preproc_dims_parse (const gchar * str, GstCudaPreprocDims * dims)
{
  gchar **parts;
  guint n, rank = 0, i;
  gboolean ok, ended = FALSE;

  if (str == NULL)
    return FALSE;
  parts = g_strsplit (str, ":", -1);
  n = g_strv_length (parts);
  ok = n > 0 && n <= GST_CUDA_PREPROC_RANK_MAX;
  for (i = 0; ok && i < n; i++) {
    gchar *end = NULL;
    guint64 v = g_ascii_strtoull (parts[i], &end, 10);

    ok = end != parts[i] && *end == '\0' && v <= G_MAXINT;
    if (ok && v == 0)           /* NNStreamer's unused ranks: only at the end */
      ended = TRUE;
    else if (ok)
      ok = !ended;
    if (ok && v > 0)
      dims->d[rank++] = v;
  }
  g_strfreev (parts);
  dims->rank = rank;
  return ok && rank > 0;
}

gchar *
gst_cuda_preproc_dims_to_string (const GstCudaPreprocDims * dims)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < dims->rank; i++)
    g_string_append_printf (s, "%s%" G_GUINT64_FORMAT, i ? ":" : "",
        dims->d[i]);
  return g_string_free (s, FALSE);
}

void
gst_cuda_preproc_shape_dims (const GstCudaPreprocShape * shape,
    GstCudaPreprocDims * dims)
{
  guint64 c = shape->channels, w = shape->width, h = shape->height;

  dims->rank = 4;
  dims->d[0] = shape->nhwc ? c : w;
  dims->d[1] = shape->nhwc ? w : h;
  dims->d[2] = shape->nhwc ? h : c;
  dims->d[3] = shape->batch;
}

gchar *
gst_cuda_preproc_shape_to_dimensions (const GstCudaPreprocShape * shape)
{
  GstCudaPreprocDims dims;

  gst_cuda_preproc_shape_dims (shape, &dims);
  return gst_cuda_preproc_dims_to_string (&dims);
}

gboolean
gst_cuda_preproc_shape_same_caps (const GstCudaPreprocShape * a,
    const GstCudaPreprocShape * b)
{
  GstCudaPreprocDims da, db;

  gst_cuda_preproc_shape_dims (a, &da);
  gst_cuda_preproc_shape_dims (b, &db);
  return memcmp (da.d, db.d, 4 * sizeof (guint64)) == 0 && a->dtype == b->dtype;
}

gboolean
gst_cuda_preproc_shape_get_bytes (const GstCudaPreprocShape * shape,
    gsize * bytes)
{
  GstCudaPreprocDims dims;
  guint64 total = prep_data_type_size (shape->dtype);
  gint i;

  gst_cuda_preproc_shape_dims (shape, &dims);
  for (i = 0; i < 4; i++) {
    if (dims.d[i] == 0 || total > G_MAXSSIZE / dims.d[i])
      return FALSE;
    total *= dims.d[i];
  }
  *bytes = (gsize) total;
  return TRUE;
}

/* C = @c is one the properties allow. */
static gboolean
channels_allowed (const GstCudaPreprocWanted * want, guint64 c)
{
  if (want->channels_free)
    return c == 1 || c == 3;
  return c == (guint64) want->shape.channels;
}

/* What the properties allow, for the messages: "C = 3 or 1, NCHW or
 * NHWC". */
static gchar *
allowed_text (const GstCudaPreprocWanted * want)
{
  return g_strdup_printf ("%s%s, %s%s",
      want->channels_free ? "C = 3 or 1" : want->shape.channels == 1 ?
      "C = 1" : "C = 3", want->channels_free ? "" : " (channel-order)",
      want->layout_free ? "W:H:C:N (NCHW) or C:W:H:N (NHWC)" :
      want->shape.nhwc ? "C:W:H:N (NHWC)" : "W:H:C:N (NCHW)",
      want->layout_free ? "" : " (layout)");
}

static gchar *
shape_mismatch (const GstCudaPreprocDims * dims,
    const GstCudaPreprocWanted * want, const gchar * what)
{
  gchar *theirs = gst_cuda_preproc_dims_to_string (dims);
  gchar *mine = gst_cuda_preproc_shape_to_dimensions (&want->shape);
  gchar *allowed = allowed_text (want);
  gchar *text = g_strdup_printf ("Downstream wants the tensor dimensions=%s, "
      "which %s; the element writes %s, at most 4 dimensions (trailing 1s "
      "may be left out), and the properties give dimensions=%s", theirs, what,
      allowed, mine);

  g_free (theirs);
  g_free (mine);
  g_free (allowed);
  return text;
}

gboolean
gst_cuda_preproc_shape_from_dims (const GstCudaPreprocDims * dims,
    PrepDataType dtype, const GstCudaPreprocWanted * want,
    GstCudaPreprocShape * shape, gchar ** why)
{
  guint64 d[4] = { 1, 1, 1, 1 };
  gboolean nchw, nhwc;
  guint i;

  for (i = 0; i < dims->rank; i++) {
    if (i < 4)
      d[i] = dims->d[i];
    else if (dims->d[i] != 1)
      goto rank_too_high;
  }
  nchw = channels_allowed (want, d[2]) &&
      (want->layout_free || !want->shape.nhwc);
  nhwc = channels_allowed (want, d[0]) &&
      (want->layout_free || want->shape.nhwc);
  if (nchw && nhwc)
    nhwc = want->shape.nhwc;
  else if (!nchw && !nhwc)
    goto no_channels;
  if (d[3] > PREP_BATCH_MAX)
    goto batch_too_large;
  shape->nhwc = nhwc;
  shape->channels = (gint) (nhwc ? d[0] : d[2]);
  shape->width = (gint) (nhwc ? d[1] : d[0]);
  shape->height = (gint) (nhwc ? d[2] : d[1]);
  shape->batch = (gint) d[3];
  shape->dtype = dtype;
  return TRUE;

  /* ERRORS */
rank_too_high:
  {
    gchar *what = g_strdup_printf ("has %u dimensions and dimension %u is %"
        G_GUINT64_FORMAT " (past the fourth only 1s can be the element's)",
        dims->rank, i + 1, dims->d[i]);

    *why = shape_mismatch (dims, want, what);
    g_free (what);
    return FALSE;
  }
no_channels:
  {
    *why = shape_mismatch (dims, want, "has no channel dimension the "
        "element can give");
    return FALSE;
  }
batch_too_large:
  {
    gchar *what = g_strdup_printf ("has a batch of %" G_GUINT64_FORMAT
        ", more than the %d slots a tensor can have", d[3], PREP_BATCH_MAX);

    *why = shape_mismatch (dims, want, what);
    g_free (what);
    return FALSE;
  }
}

gchar *
gst_cuda_preproc_shape_refusal (const GstCudaPreprocWanted * want,
    const GstCudaPreprocShape * got)
{
  const GstCudaPreprocShape *p = &want->shape;
  gchar *theirs, *mine, *text;
  const gchar *which;

  if (!want->dtype_free && got->dtype != p->dtype)
    return g_strdup_printf ("Downstream wants types=%s, data-type gives %s: "
        "set data-type=%s, or leave data-type unset to let downstream choose",
        gst_cuda_preproc_dtype_name (got->dtype),
        gst_cuda_preproc_dtype_name (p->dtype),
        gst_cuda_preproc_dtype_name (got->dtype));
  if (!want->channels_free && got->channels != p->channels)
    which = "channel-order";
  else if (!want->batch_free && got->batch != p->batch)
    which = "batch-size (or the number of rois)";
  else if (!want->size_free && (got->width != p->width ||
          got->height != p->height))
    which = "width and height";
  else if (!want->layout_free && !got->nhwc != !p->nhwc)
    which = "layout";
  else
    return NULL;
  theirs = gst_cuda_preproc_shape_to_dimensions (got);
  mine = gst_cuda_preproc_shape_to_dimensions (p);
  text = g_strdup_printf ("Downstream wants the tensor dimensions=%s, the "
      "properties give dimensions=%s: set %s to match, or leave width, "
      "height, layout, channel-order and batch-size unset to let downstream "
      "choose", theirs, mine, which);
  g_free (theirs);
  g_free (mine);
  return text;
}
