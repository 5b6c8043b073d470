/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Prints what an element declares, in a layout of our own that does not
 * depend on the GStreamer version (gst-inspect-1.0's does): its metadata,
 * its pad templates with their caps (one structure a line), and its
 * properties, sorted by name, with type, flags, range or enum values and
 * default.  scripts/check-inspect compares it with docs/gst-inspect-*.txt.
 *
 * Usage: describe-element ELEMENT   (GST_PLUGIN_PATH_1_0 finds the plugin) */

#include <stdlib.h>
#include <string.h>

#include <gst/gst.h>

static void
print_caps (GstCaps * caps)
{
  guint i;

  if (gst_caps_is_any (caps)) {
    g_print ("    ANY\n");
    return;
  }
  for (i = 0; i < gst_caps_get_size (caps); i++) {
    GstCaps *one = gst_caps_copy_nth (caps, i);
    gchar *s = gst_caps_to_string (one);

    g_print ("    %s\n", s);
    g_free (s);
    gst_caps_unref (one);
  }
}

static void
print_flags (GParamSpec * p)
{
  g_print ("    flags:%s%s%s%s\n",
      p->flags & G_PARAM_READABLE ? " readable" : "",
      p->flags & G_PARAM_WRITABLE ? " writable" : "",
      p->flags & GST_PARAM_MUTABLE_PLAYING ? " mutable-playing" :
      p->flags & GST_PARAM_MUTABLE_PAUSED ? " mutable-paused" :
      p->flags & GST_PARAM_MUTABLE_READY ? " mutable-ready" : "",
      p->flags & GST_PARAM_CONTROLLABLE ? " controllable" : "");
}

static void
print_range (GParamSpec * p)
{
  if (G_IS_PARAM_SPEC_INT (p))
    g_print ("    range: %d .. %d\n", G_PARAM_SPEC_INT (p)->minimum,
        G_PARAM_SPEC_INT (p)->maximum);
  else if (G_IS_PARAM_SPEC_UINT (p))
    g_print ("    range: %u .. %u\n", G_PARAM_SPEC_UINT (p)->minimum,
        G_PARAM_SPEC_UINT (p)->maximum);
  else if (G_IS_PARAM_SPEC_INT64 (p))
    g_print ("    range: %" G_GINT64_FORMAT " .. %" G_GINT64_FORMAT "\n",
        G_PARAM_SPEC_INT64 (p)->minimum, G_PARAM_SPEC_INT64 (p)->maximum);
  else if (G_IS_PARAM_SPEC_UINT64 (p))
    g_print ("    range: %" G_GUINT64_FORMAT " .. %" G_GUINT64_FORMAT "\n",
        G_PARAM_SPEC_UINT64 (p)->minimum, G_PARAM_SPEC_UINT64 (p)->maximum);
  else if (G_IS_PARAM_SPEC_DOUBLE (p))
    g_print ("    range: %.17g .. %.17g\n", G_PARAM_SPEC_DOUBLE (p)->minimum,
        G_PARAM_SPEC_DOUBLE (p)->maximum);
  else if (G_IS_PARAM_SPEC_FLOAT (p))
    g_print ("    range: %.9g .. %.9g\n", G_PARAM_SPEC_FLOAT (p)->minimum,
        G_PARAM_SPEC_FLOAT (p)->maximum);
  else if (G_IS_PARAM_SPEC_ENUM (p)) {
    GEnumClass *e = G_PARAM_SPEC_ENUM (p)->enum_class;
    guint i;

    for (i = 0; i < e->n_values; i++)
      g_print ("    value: %d %s (%s)\n", e->values[i].value,
          e->values[i].value_nick, e->values[i].value_name);
  } else if (GST_IS_PARAM_SPEC_ARRAY_LIST (p)) {
    GParamSpec *el = GST_PARAM_SPEC_ARRAY_LIST (p)->element_spec;

    if (el != NULL) {
      g_print ("    element: %s\n", g_type_name (el->value_type));
      print_range (el);
    }
  }
}

static void
print_default (GParamSpec * p)
{
  const GValue *v = g_param_spec_get_default_value (p);
  gchar *s;

  if (G_VALUE_HOLDS_DOUBLE (v))
    s = g_strdup_printf ("%.17g", g_value_get_double (v));
  else if (G_VALUE_HOLDS_FLOAT (v))
    s = g_strdup_printf ("%.9g", g_value_get_float (v));
  else if (G_VALUE_HOLDS_STRING (v))
    s = g_strdup (g_value_get_string (v) ? g_value_get_string (v) : "NULL");
  else if (G_VALUE_HOLDS_ENUM (v))
    s = g_strdup_printf ("%d", g_value_get_enum (v));
  else
    s = gst_value_serialize (v);
  g_print ("    default: %s\n", s ? s : "(none)");
  g_free (s);
}

static gint
compare_specs (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(GParamSpec **) a)->name, (*(GParamSpec **) b)->name);
}

static gint
compare_templates (gconstpointer a, gconstpointer b)
{
  return strcmp (((GstStaticPadTemplate *) a)->name_template,
      ((GstStaticPadTemplate *) b)->name_template);
}

/* The properties a class declares itself, sorted, as "@what NAME: TYPE"
 * and their details.  The base classes' differ between GStreamer
 * versions (GstAggregator's force-live came in 1.24): the description is
 * the element's and its pads'. */
static void
print_properties (GObjectClass * klass, const gchar * what)
{
  GParamSpec **specs;
  const gchar *owner;
  guint n, i;

  specs = g_object_class_list_properties (klass, &n);
  qsort (specs, n, sizeof (GParamSpec *), compare_specs);
  for (i = 0; i < n; i++) {
    GParamSpec *p = specs[i];

    owner = g_type_name (p->owner_type);
    if (p->owner_type == GST_TYPE_OBJECT || p->owner_type == G_TYPE_OBJECT ||
        p->owner_type == GST_TYPE_PAD || g_str_has_prefix (owner,
            "GstAggregator"))
      continue;
    g_print ("%s %s: %s\n", what, p->name, g_type_name (p->value_type));
    g_print ("    blurb: %s\n", g_param_spec_get_blurb (p));
    print_flags (p);
    print_range (p);
    print_default (p);
  }
  g_free (specs);
}

/* The properties of the pads a template makes (its "gtype"), per
 * template that has a pad type of its own. */
static void
print_pad_properties (GstElement * element)
{
  GList *l;
  GType type;
  GObjectClass *klass;
  gchar *what;

  for (l = GST_ELEMENT_GET_CLASS (element)->padtemplates; l; l = l->next) {
    g_object_get (l->data, "gtype", &type, NULL);
    if (type == G_TYPE_NONE || type == GST_TYPE_PAD)
      continue;
    klass = g_type_class_ref (type);
    what = g_strdup_printf ("pad-property %s",
        GST_PAD_TEMPLATE_NAME_TEMPLATE (l->data));
    print_properties (klass, what);
    g_free (what);
    g_type_class_unref (klass);
  }
}

int
main (int argc, char **argv)
{
  GstElementFactory *factory;
  GstElement *element;
  GList *templates;
  const GList *l;
  guint i;
  static const gchar *keys[] = { GST_ELEMENT_METADATA_LONGNAME,
    GST_ELEMENT_METADATA_KLASS, GST_ELEMENT_METADATA_DESCRIPTION,
    GST_ELEMENT_METADATA_AUTHOR
  };
  static const gchar *directions[] = { "unknown", "src", "sink" };
  static const gchar *presences[] = { "always", "sometimes", "request" };

  gst_init (&argc, &argv);
  if (argc != 2) {
    g_printerr ("usage: %s ELEMENT\n", argv[0]);
    return 2;
  }
  factory = gst_element_factory_find (argv[1]);
  if (factory == NULL) {
    g_printerr ("describe-element: no element %s\n", argv[1]);
    return 1;
  }
  element = gst_element_factory_create (factory, NULL);
  if (element == NULL) {
    g_printerr ("describe-element: cannot create %s\n", argv[1]);
    return 1;
  }
  g_print ("element %s\n", argv[1]);
  g_print ("  type: %s\n", G_OBJECT_TYPE_NAME (element));
  g_print ("  rank: %u\n", gst_plugin_feature_get_rank (GST_PLUGIN_FEATURE
          (factory)));
  for (i = 0; i < G_N_ELEMENTS (keys); i++)
    g_print ("  %s: %s\n", keys[i],
        gst_element_factory_get_metadata (factory, keys[i]));

  templates = g_list_sort (g_list_copy ((GList *)
          gst_element_factory_get_static_pad_templates (factory)),
      compare_templates);
  for (l = templates; l != NULL; l = l->next) {
    GstStaticPadTemplate *t = l->data;
    GstCaps *caps = gst_static_pad_template_get_caps (t);

    g_print ("pad-template %s %s %s\n", t->name_template,
        directions[t->direction], presences[t->presence]);
    print_caps (caps);
    gst_caps_unref (caps);
  }

  g_list_free (templates);

  print_properties (G_OBJECT_GET_CLASS (element), "property");
  print_pad_properties (element);
  gst_object_unref (element);
  gst_object_unref (factory);
  gst_deinit ();
  return 0;
}
