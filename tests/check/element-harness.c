/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#include <string.h>

#include "element-harness.h"

void
set_props (GstElement * e, const gchar * props)
{
  gchar **kv = g_strsplit (props ? props : "", " ", -1);
  gint i;

  for (i = 0; kv[i] != NULL; i++) {
    gchar *eq = strchr (kv[i], '=');

    if (kv[i][0] == '\0')
      continue;
    fail_unless (eq != NULL, "bad property setting %s", kv[i]);
    *eq = '\0';
    gst_util_set_object_arg (G_OBJECT (e), kv[i], eq + 1);
  }
  g_strfreev (kv);
}

GstHarness *
harness_new (const gchar * props, GstBus ** bus)
{
  GstHarness *h = gst_harness_new ("cudapreproc");

  *bus = gst_bus_new ();
  gst_element_set_bus (h->element, *bus);
  set_props (h->element, props);
  return h;
}

void
harness_free (GstHarness * h, GstBus * bus)
{
  gst_bus_set_flushing (bus, TRUE);
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
}

void
assert_contains (const GString * text, const gchar * needle)
{
  fail_unless (strstr (text->str, needle) != NULL,
      "message \"%s\" does not contain \"%s\"", text->str, needle);
}
