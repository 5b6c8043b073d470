/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-bench-elements: many cameras into one tensor, element
 * against elements (issue 15, docs/performance.md "Many streams, one
 * batch").  N appsrc (default 8) of 1080p NV12, each its own RING
 * frames in turn (distinct memory, as a decoder's pool gives), fed in
 * frame order across the streams (appsrc blocks at 2 queued frames, as
 * live cameras interleave), into
 *   batch    one cudapreprocbatch (letterbox 640x640, pad 114, x/255; its
 *            [N, 3, 640, 640] tensor) with n-threads = the cores;
 *   singles  N "cudapreproc ! fakesink" branches with the same properties
 *            and n-threads=1 (each branch runs in its appsrc's streaming
 *            thread, so the N branches share the cores among themselves);
 * in a child process pinned to 1 core, then in one pinned to 2
 * (sched_setaffinity before gst_init (), so that every thread GStreamer
 * and the engine start inherits it), so that both variants get the same
 * CPU.  A round pushes FRAMES frames into
 * every appsrc and times until EOS; rounds alternate the variants.  The
 * median per batch (per frame period: N frames) and the ratio singles /
 * batch (above 1: the batch element is faster).  Run it with
 * GST_PLUGIN_PATH pointing at the build's gst/ folder. */

#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gst/gst.h>
#include <gst/app/gstappsrc.h>

#include "bench.h"

#define MAX_STREAMS 32
#define FRAMES 30
#define ROUNDS 9
#define RING 3                  /* frames per stream, used in turn */
#define PROPS "width=640 height=640 aspect=letterbox pad-value=114"

static gchar *
description (int batch, int n, int cores)
{
  GString *d = g_string_new (NULL);
  int s;

  if (batch)
    g_string_append_printf (d, "cudapreprocbatch name=b " PROPS
        " n-threads=%d ! fakesink sync=false enable-last-sample=false ", cores);
  for (s = 0; s < n; s++) {
    g_string_append_printf (d, "appsrc name=src%d format=time block=true "
        "max-buffers=2 caps=video/"
        "x-raw,format=NV12,width=1920,height=1080,framerate=30/1,"
        "colorimetry=bt709 ! ", s);
    if (batch)
      g_string_append_printf (d, "b.sink_%d ", s);
    else
      g_string_append (d, "cudapreproc " PROPS " n-threads=1 ! fakesink "
          "sync=false enable-last-sample=false ");
  }
  return g_string_free (d, FALSE);
}

/* Milliseconds per frame period of FRAMES frames into each of @n appsrc;
 * every branch's EOS (singles) or the batch's is awaited. */
static double
round_ms (int batch, int n, int cores, BenchFrame * f)
{
  gchar *desc = description (batch, n, cores), name[16];
  gsize size = (gsize) f[0].strides[0] * (1080 + 540);
  GError *err = NULL;
  GstElement *p = gst_parse_launch (desc, &err);
  GstElement *src[MAX_STREAMS];
  GstMessage *msg;
  double t0;
  int i, s;

  if (p == NULL) {
    fprintf (stderr, "bench-elements: %s\n", err->message);
    exit (1);
  }
  for (s = 0; s < n; s++) {
    g_snprintf (name, sizeof (name), "src%d", s);
    src[s] = gst_bin_get_by_name (GST_BIN (p), name);
  }
  gst_element_set_state (p, GST_STATE_PLAYING);
  t0 = bench_now_ms ();
  for (i = 0; i < FRAMES; i++)
    for (s = 0; s < n; s++) {
      const BenchFrame *fr = &f[s * RING + i % RING];
      GstBuffer *b = gst_buffer_new_wrapped_full (GST_MEMORY_FLAG_READONLY,
          fr->block, size, 0, size, NULL, NULL);

      GST_BUFFER_PTS (b) = i * GST_SECOND / 30;
      gst_app_src_push_buffer (GST_APP_SRC (src[s]), b);
    }
  for (s = 0; s < n; s++) {
    gst_app_src_end_of_stream (GST_APP_SRC (src[s]));
    gst_object_unref (src[s]);
  }
  /* a bin posts EOS once all its sinks have it */
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (p), 120 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  t0 = (bench_now_ms () - t0) / FRAMES;
  if (msg == NULL || GST_MESSAGE_TYPE (msg) != GST_MESSAGE_EOS) {
    fprintf (stderr, "bench-elements: the pipeline failed: %s\n", desc);
    exit (1);
  }
  gst_message_unref (msg);
  gst_element_set_state (p, GST_STATE_NULL);
  gst_object_unref (p);
  g_free (desc);
  return t0;
}

static void
pin_to (int cores)
{
  cpu_set_t set;
  int c;

  CPU_ZERO (&set);
  for (c = 0; c < cores; c++)
    CPU_SET (c, &set);
  if (sched_setaffinity (0, sizeof (set), &set) != 0)
    fprintf (stderr, "bench-elements: cannot pin to %d cores\n", cores);
}

static void
measure (int n, int cores, BenchFrame * f)
{
  double b[ROUNDS], s[ROUNDS], bm, bmin, sm, smin;
  int r;

  round_ms (1, n, cores, f);    /* warm-up */
  round_ms (0, n, cores, f);
  for (r = 0; r < ROUNDS; r++) {
    b[r] = round_ms (1, n, cores, f);
    s[r] = round_ms (0, n, cores, f);
  }
  bench_stats (b, ROUNDS, &bm, &bmin);
  bench_stats (s, ROUNDS, &sm, &smin);
  printf ("| %d | %.3f (%.3f) | %.3f (%.3f) | %.2fx | %.3f |\n", cores, bm,
      bmin, sm, smin, sm / bm, bm / n);
  fflush (stdout);
}

/* measure () in a child pinned to @cores; 0 when it failed. */
static int
measure_pinned (int argc, char **argv, int n, int cores)
{
  BenchFrame src, f[MAX_STREAMS * RING];
  pid_t pid = fork ();
  int s, status;

  if (pid < 0)
    return 0;
  if (pid > 0)
    return waitpid (pid, &status, 0) == pid && WIFEXITED (status) &&
        WEXITSTATUS (status) == 0;
  pin_to (cores);
  gst_init (&argc, &argv);
  for (s = 0; s < n * RING; s++) {
    if (!bench_frame_init (&src, BENCH_FORMAT_NV12, 1920, 1080, s % 2) ||
        !bench_frame_contiguous (&src, &f[s])) {
      fprintf (stderr, "bench-elements: no frame\n");
      _exit (1);
    }
    bench_frame_clear (&src);
  }
  measure (n, cores, f);
  _exit (0);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 8;

  if (n < 1 || n > MAX_STREAMS) {
    fprintf (stderr, "usage: cudapreproc-bench-elements [STREAMS] (1 to %d; "
        "default 8)\n", MAX_STREAMS);
    return 2;
  }
  printf ("%d streams of 1920x1080 NV12 -> [%d, 3, 640, 640] letterbox, "
      "%d rounds of %d frame periods; median (min) ms per frame period\n\n",
      n, n, ROUNDS, FRAMES);
  printf ("| cores | cudapreprocbatch | %d x cudapreproc | batch speed-up "
      "| batch ms per stream |\n|--:|--:|--:|--:|--:|\n", n);
  fflush (stdout);
  return measure_pinned (argc, argv, n, 1) &&
      measure_pinned (argc, argv, n, 2) ? 0 : 1;
}
