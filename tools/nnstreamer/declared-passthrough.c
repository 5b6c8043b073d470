/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* An NNStreamer custom filter (tensor_filter framework=custom) for
 * tools/nnstreamer/check.sh: a passthrough that declares its input, the
 * way a model does, from tensor_filter's "custom" property:
 *
 *   tensor_filter framework=custom model=libdeclared-passthrough.so \
 *       custom=dims=224:224:3:1,type=float32
 *
 * getInputDim and getOutputDim both give that one tensor, so tensor_filter
 * offers upstream fixed caps (other/tensor, other/tensors, flexible) of that
 * shape and type, and the element in front chooses its tensor from them;
 * invoke copies the input to the output.  NNStreamer's own passthrough
 * example declares one fixed shape (3:280:40:1 uint8) and its variable one
 * declares none (setInputDim); this one declares any.
 *
 * Built by check.sh against NNStreamer's headers and libnnstreamer.so;
 * not part of the plugin's build. */

#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <tensor_filter_custom.h>
#include <nnstreamer_plugin_api_util.h>

typedef struct
{
  GstTensorsInfo info;
} Declared;

/* "dims=W:H:C:N,type=T" (either order) */
static void *
declared_init (const GstTensorFilterProperties * prop)
{
  Declared *d = g_new0 (Declared, 1);
  GstTensorInfo *t;
  gchar **kv, **p;
  gboolean have_dims = FALSE, have_type = FALSE;

  gst_tensors_info_init (&d->info);
  d->info.num_tensors = 1;
  t = gst_tensors_info_get_nth_info (&d->info, 0);
  kv = g_strsplit (prop->custom_properties ? prop->custom_properties : "",
      ",", -1);
  for (p = kv; *p != NULL; p++) {
    gchar *v = strchr (*p, '=');

    if (v == NULL)
      continue;
    *v++ = '\0';
    if (g_strcmp0 (g_strstrip (*p), "dims") == 0)
      have_dims = gst_tensor_parse_dimension (v, t->dimension) > 0;
    else if (g_strcmp0 (*p, "type") == 0) {
      t->type = gst_tensor_get_type (v);
      have_type = t->type != _NNS_END;
    }
  }
  g_strfreev (kv);
  if (!have_dims || !have_type) {
    g_printerr ("declared-passthrough: custom=\"%s\" needs "
        "dims=D0:D1:...,type=TYPE\n", prop->custom_properties ?
        prop->custom_properties : "(null)");
    gst_tensors_info_free (&d->info);
    g_free (d);
    return NULL;
  }
  return d;
}

static void
declared_exit (void *private_data, const GstTensorFilterProperties * prop)
{
  Declared *d = private_data;

  (void) prop;
  if (d == NULL)
    return;
  gst_tensors_info_free (&d->info);
  g_free (d);
}

static int
declared_dim (void *private_data, const GstTensorFilterProperties * prop,
    GstTensorsInfo * info)
{
  Declared *d = private_data;

  (void) prop;
  if (d == NULL)
    return -1;
  gst_tensors_info_copy (info, &d->info);
  return 0;
}

static int
declared_invoke (void *private_data, const GstTensorFilterProperties * prop,
    const GstTensorMemory * input, GstTensorMemory * output)
{
  Declared *d = private_data;

  (void) prop;
  if (d == NULL || input[0].size != output[0].size)
    return -1;
  memcpy (output[0].data, input[0].data, output[0].size);
  return 0;
}

static NNStreamer_custom_class declared_class = {
  .initfunc = declared_init,
  .exitfunc = declared_exit,
  .getInputDim = declared_dim,
  .getOutputDim = declared_dim,
  .invoke = declared_invoke,
};

/* the symbol tensor_filter's custom framework looks up */
NNStreamer_custom_class *NNStreamer_custom = &declared_class;
