/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-element-overhead: what the element adds to the engine.  For
 * the single-crop NV12 workloads without antialias or cover, into the
 * default tensor (W1, W2, W4;
 * what the element adds does not depend on the filter) it times, in one
 * process and in alternating rounds, the engine's fast path on one thread
 * and the pipeline "appsrc ! cudapreproc ! fakesink" fed the same frame,
 * and prints the per-frame medians and their ratio.  Run it with
 * GST_PLUGIN_PATH pointing at the build's gst/ folder. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/gst.h>
#include <gst/app/gstappsrc.h>

#include "bench-config.h"

#define ROUNDS 15
#define FRAMES 100

/* cudapreproc properties for a single-crop workload. */
static gchar *
element_props (const BenchWorkload * w)
{
  const BenchRect *r = &w->rois[0];

  return g_strdup_printf ("cudapreproc width=%d height=%d aspect=%s "
      "pad-value=%g crop-x=%d crop-y=%d crop-width=%d crop-height=%d "
      "scale=%.17g mean=<%.17g,%.17g,%.17g> std=<%.17g,%.17g,%.17g>",
      w->out_width, w->out_height, w->letterbox ? "letterbox" : "stretch",
      w->pad_value, r->x, r->y, r->width, r->height, w->norm.scale,
      w->norm.mean[0], w->norm.mean[1], w->norm.mean[2], w->norm.std[0],
      w->norm.std[1], w->norm.std[2]);
}

static GstElement *
pipeline_new (const BenchWorkload * w)
{
  gchar *props = element_props (w);
  gchar *desc = g_strdup_printf ("appsrc name=src format=time "
      "caps=video/x-raw,format=NV12,width=%d,height=%d,framerate=30/1,"
      "colorimetry=bt709 ! %s ! fakesink sync=false enable-last-sample=false",
      w->src_width,
      w->src_height, props);
  GError *err = NULL;
  GstElement *p = gst_parse_launch (desc, &err);

  if (p == NULL) {
    fprintf (stderr, "element-overhead: %s\n", err->message);
    exit (1);
  }
  g_free (props);
  g_free (desc);
  return p;
}

/* Per-frame milliseconds of FRAMES frames through the pipeline. */
static double
pipeline_round (const BenchWorkload * w, const BenchFrame * f)
{
  GstElement *p = pipeline_new (w);
  GstElement *src = gst_bin_get_by_name (GST_BIN (p), "src");
  gsize size = (gsize) f->strides[0] * (f->height + (f->height + 1) / 2);
  GstMessage *msg;
  double t0;
  int i;

  gst_element_set_state (p, GST_STATE_PLAYING);
  t0 = bench_now_ms ();
  for (i = 0; i < FRAMES; i++) {
    GstBuffer *b = gst_buffer_new_wrapped_full (GST_MEMORY_FLAG_READONLY,
        f->block, size, 0, size, NULL, NULL);

    GST_BUFFER_PTS (b) = i * GST_SECOND / 30;
    gst_app_src_push_buffer (GST_APP_SRC (src), b);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (p), 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  t0 = (bench_now_ms () - t0) / FRAMES;
  if (msg == NULL || GST_MESSAGE_TYPE (msg) != GST_MESSAGE_EOS) {
    fprintf (stderr, "element-overhead: the pipeline failed\n");
    exit (1);
  }
  gst_message_unref (msg);
  gst_element_set_state (p, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (p);
  return t0;
}

/* Per-frame milliseconds of FRAMES engine runs (fast path, 1 thread). */
static double
engine_round (const PrepPlan * plan, const BenchFrame * f, float *dst,
    size_t bytes, int rows)
{
  double t0 = bench_now_ms ();
  PrepFrame src;
  int i;

  bench_prep_frame (f, &src);
  for (i = 0; i < FRAMES; i++)
    if (prep_plan_run_cpu_rows (plan, PREP_CPU_AUTO, &src, dst, bytes, 0,
            rows) != PREP_OK)
      exit (1);
  return (bench_now_ms () - t0) / FRAMES;
}

static PrepPlan *
plan_new (const BenchWorkload * w)
{
  PrepRect rects[BENCH_MAX_ROIS];
  PrepConfig cfg;
  PrepPlan *plan = NULL;

  bench_prep_config (w, prep_config_init, &cfg, rects);
  if (prep_plan_new (&cfg, rects, w->n_rois, &plan) != PREP_OK)
    exit (1);
  return plan;
}

static void
measure (const BenchWorkload * w)
{
  BenchFrame src, f;
  PrepPlan *plan = plan_new (w);
  size_t bytes = prep_plan_output_bytes (plan);
  float *dst = bench_alloc (bytes);
  double eng[ROUNDS], pipe[ROUNDS], em, pm, emin, pmin;
  int i;

  if (!bench_frame_init (&src, w->format, w->src_width, w->src_height, 0) ||
      !bench_frame_contiguous (&src, &f)) {
    fprintf (stderr, "element-overhead: no frame\n");
    exit (1);
  }
  pipeline_round (w, &f);       /* warm-up */
  for (i = 0; i < ROUNDS; i++) {
    eng[i] = engine_round (plan, &f, dst, bytes, w->out_height);
    pipe[i] = pipeline_round (w, &f);
  }
  bench_stats (eng, ROUNDS, &em, &emin);
  bench_stats (pipe, ROUNDS, &pm, &pmin);
  printf ("| %s | %.3f | %.3f | %+.1f%% |\n", w->name, em, pm,
      100.0 * (pm - em) / em);
  free (dst);
  bench_frame_clear (&f);
  bench_frame_clear (&src);
  prep_plan_free (plan);
}

int
main (int argc, char **argv)
{
  int i;

  gst_init (&argc, &argv);
  printf ("Element overhead: %d rounds of %d frames, fast path (%s) on one "
      "thread\n\n", ROUNDS, FRAMES, bench_ours_fast_name ());
  printf ("| workload | engine ms/frame | appsrc ! cudapreproc ! fakesink "
      "ms/frame | difference |\n|---|--:|--:|--:|\n");
  for (i = 0; i < bench_workload_count (); i++)
    if (bench_workload_get (i)->n_rois == 1 &&
        bench_workload_get (i)->format == BENCH_FORMAT_NV12 &&
        !bench_workload_get (i)->antialias && !bench_workload_get (i)->cover
        && bench_default_output (bench_workload_get (i)))
      measure (bench_workload_get (i));
  gst_deinit ();
  return 0;
}
