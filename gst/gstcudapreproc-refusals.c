/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Refused property values on the bus (see gstcudapreproc-refusals.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstcudapreproc-refusals.h"

#define DEFAULT_PROP_STRICT FALSE

void
gst_cuda_preproc_refusals_clear (GstCudaPreprocRefusals * r)
{
  g_clear_pointer (&r->pending, g_ptr_array_unref);
}

static void
refusals_emit (GstElement * element, gboolean strict, const gchar * text)
{
  if (strict)
    GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS, ("%s", text), (NULL));
  else
    GST_ELEMENT_WARNING (element, RESOURCE, SETTINGS, ("%s", text), (NULL));
}

/* "name=value", the property's value now. */
static gchar *
refusals_current (GObject * owner, GParamSpec * pspec)
{
  GValue now = G_VALUE_INIT;
  gchar *str, *text;

  g_value_init (&now, G_PARAM_SPEC_VALUE_TYPE (pspec));
  g_object_get_property (owner, pspec->name, &now);
  str = gst_value_serialize (&now);
  text = g_strdup_printf ("%s=%s", pspec->name, GST_STR_NULL (str));
  g_free (str);
  g_value_unset (&now);
  return text;
}

void
gst_cuda_preproc_refusals_post (GstCudaPreprocRefusals * r,
    GstElement * element, GObject * owner, GParamSpec * pspec,
    const GValue * value, gchar * why)
{
  gchar *str = gst_value_serialize (value);
  gchar *kept = refusals_current (owner, pspec);
  gchar *text = g_strdup_printf ("Refusing %s=%s: %s; keeping the previous "
      "value, %s", pspec->name, GST_STR_NULL (str), why, kept);
  GstBus *bus = gst_element_get_bus (element);
  gboolean strict;

  g_free (str);
  g_free (kept);
  g_free (why);
  GST_WARNING_OBJECT (element, "%s", text);
  GST_OBJECT_LOCK (element);
  strict = r->strict;
  if (bus == NULL) {
    if (r->pending == NULL)
      r->pending = g_ptr_array_new_with_free_func (g_free);
    g_ptr_array_add (r->pending, text);
    text = NULL;
  }
  GST_OBJECT_UNLOCK (element);
  if (bus != NULL) {
    refusals_emit (element, strict, text);
    gst_object_unref (bus);
  }
  g_free (text);
}

static GQuark
refusals_quark (void)
{
  static gsize quark = 0;

  if (g_once_init_enter (&quark))
    g_once_init_leave (&quark,
        g_quark_from_static_string ("gst-cuda-preproc-refusals"));
  return (GQuark) quark;
}

void
gst_cuda_preproc_refusals_attach (GstCudaPreprocRefusals * r,
    GstElement * element)
{
  g_object_set_qdata (G_OBJECT (element), refusals_quark (), r);
}

GstCudaPreprocRefusals *
gst_cuda_preproc_refusals_of (GstElement * element)
{
  return g_object_get_qdata (G_OBJECT (element), refusals_quark ());
}

void
gst_cuda_preproc_refusals_flush (GstCudaPreprocRefusals * r,
    GstElement * element)
{
  GPtrArray *pending;
  gboolean strict;
  guint i;

  GST_OBJECT_LOCK (element);
  pending = r->pending;
  r->pending = NULL;
  strict = r->strict;
  GST_OBJECT_UNLOCK (element);
  for (i = 0; pending != NULL && i < pending->len; i++)
    refusals_emit (element, strict, g_ptr_array_index (pending, i));
  if (pending != NULL)
    g_ptr_array_unref (pending);
}

void
gst_cuda_preproc_refusals_install_strict (GObjectClass * gobject_class,
    guint prop_id)
{
  /**
   * GstCudaPreproc:strict:
   *
   * What a refused property value posts on the bus: FALSE (the default)
   * an element warning, TRUE an element error (the pipeline stops).
   * Either names the property, the value, the rule it breaks and the
   * value kept.  cudapreprocbatch has it too, for itself and its pads.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, prop_id,
      g_param_spec_boolean ("strict", "Strict",
          "Refused property values are element errors, not warnings",
          DEFAULT_PROP_STRICT, G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
          G_PARAM_STATIC_STRINGS));
}

gchar *
gst_cuda_preproc_refusals_ready_only (GstElement * element, const gchar * what)
{
  GstState state;

  GST_OBJECT_LOCK (element);
  state = GST_STATE (element);
  GST_OBJECT_UNLOCK (element);
  if (state <= GST_STATE_READY)
    return NULL;
  return g_strdup_printf ("%s can only change in the NULL or READY state, "
      "not in %s", what, gst_element_state_get_name (state));
}
