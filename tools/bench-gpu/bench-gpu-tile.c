/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The antialias mode of cudapreproc-bench-gpu (bench-gpu.h): antialiased
 * plans through the tile entry point (what prep_plan_launch () launches
 * for them: src/prep-aa-tile.h) against the entry point without a tile,
 * each pixel summing its own taps (the launcher swaps the entry's name and
 * gives no shared memory), on the benchmark's frame. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/cuda-gst.h>

#include "bench-gpu.h"

typedef struct
{
  const char *name;
  const char *what;
  PrepRect crop;
  int out;
  PrepAspect aspect;
} TileWorkload;

static const TileWorkload tile_workloads[] = {
  {"W1-AA", "1920x1080 -> letterbox 640x640, antialias (3x)",
      {0, 0, FRAME_WIDTH, FRAME_HEIGHT}, 640, PREP_ASPECT_LETTERBOX},
  {"W2-AA", "1920x1080 crop (600,200) 720x720 -> 224x224, antialias (3.2x)",
      {600, 200, 720, 720}, 224, PREP_ASPECT_STRETCH},
};

/* One workload on the device: its plan, kernel table, frame and tensor; the
 * launcher's state (user data of tile_launch ()). */
typedef struct
{
  CUmodule module;
  PrepPlan *plan;
  CUdeviceptr y, uv, taps, dst;
  PrepFrame frame;              /* device addresses */
  size_t bytes;
  int no_tile;                  /* launch the entry point without a tile */
  unsigned int shared;          /* the last launch's shared memory */
} Tile;

/* launch_cu (); with no_tile, the antialiased entry point's plain twin. */
static int
tile_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  Tile *t = user_data;

  if (t->no_tile && strcmp (entry, PREP_KERNEL_SLOTS_AA_NAME) == 0) {
    entry = PREP_KERNEL_SLOTS_NAME;
    shared = 0;
  }
  t->shared = shared;
  return launch_cu (entry, grid, block, shared, stream, args, t->module);
}

static int
tile_init (Tile * t, const TileWorkload * w, const uint8_t * y,
    const uint8_t * uv)
{
  size_t yb = (size_t) FRAME_WIDTH * FRAME_HEIGHT, uvb = yb / 2, bytes;
  const void *taps;
  uint64_t gen;
  PrepConfig cfg;

  prep_config_init (&cfg);
  cfg.src_width = FRAME_WIDTH;
  cfg.src_height = FRAME_HEIGHT;
  cfg.out_width = cfg.out_height = w->out;
  cfg.aspect = w->aspect;
  cfg.antialias = 1;
  if (prep_plan_new (&cfg, &w->crop, 1, &t->plan) != PREP_OK
      || prep_plan_kernel_table (t->plan, &taps, &bytes, &gen) != PREP_OK)
    return 0;
  t->bytes = prep_plan_output_bytes (t->plan);
  if (!check_cu (CuMemAlloc (&t->y, yb), "cuMemAlloc")
      || !check_cu (CuMemAlloc (&t->uv, uvb), "cuMemAlloc")
      || !check_cu (CuMemAlloc (&t->taps, bytes), "cuMemAlloc")
      || !check_cu (CuMemAlloc (&t->dst, t->bytes), "cuMemAlloc"))
    return 0;
  nv12_frame (&t->frame, (const uint8_t *) (uintptr_t) t->y, FRAME_WIDTH,
      (const uint8_t *) (uintptr_t) t->uv, FRAME_WIDTH);
  return copy_linear (t->y, (void *) y, yb, 1)
      && copy_linear (t->uv, (void *) uv, uvb, 1)
      && copy_linear (t->taps, (void *) taps, bytes, 1);
}

/* One launch (t->no_tile says which entry point), not synchronized. */
static int
tile_launch_once (void *data)
{
  Tile *t = data;
  int err = 0;

  return prep_plan_launch (t->plan, t->taps, &t->frame, t->dst,
      t->bytes, tile_launch, NULL, t, &err) == PREP_OK;
}

/* Median microseconds of @iterations synchronized runs. */
static int
tile_time (Tile * t, int no_tile, int iterations, double *median)
{
  t->no_tile = no_tile;
  return time_runs (tile_launch_once, t, iterations, median, NULL);
}

/* One run of each entry point: the CPU engine's bytes. */
static int
tile_check (Tile * t, const TileWorkload * w, const uint8_t * y,
    const uint8_t * uv)
{
  float *cpu = malloc (t->bytes), *got = malloc (t->bytes);
  PrepFrame host;
  int ok = cpu != NULL && got != NULL, no_tile, same;

  nv12_frame (&host, y, FRAME_WIDTH, uv, FRAME_WIDTH);
  ok = ok && prep_plan_run_cpu_rows (t->plan, PREP_CPU_SCALAR, &host, cpu,
      t->bytes, 0, prep_plan_rows (t->plan)) == PREP_OK;
  for (no_tile = 0; ok && no_tile < 2; no_tile++) {
    t->no_tile = no_tile;
    ok = tile_launch_once (t) && check_cu (CuStreamSynchronize (NULL),
        "cuStreamSynchronize") && copy_linear (t->dst, got, t->bytes, 0);
    same = ok && memcmp (cpu, got, t->bytes) == 0;
    printf ("  %s %s (%u bytes of shared memory): %s the CPU engine\n",
        w->name, no_tile ? "without the tile" : "with the tile", t->shared,
        same ? "bit-identical to" : "DIFFERS from");
    ok = same && (no_tile ? t->shared == 0 : t->shared > 0);
  }
  free (cpu);
  free (got);
  return ok;
}

static void
tile_free (Tile * t)
{
  CUdeviceptr *all[] = { &t->y, &t->uv, &t->taps, &t->dst };
  size_t i;

  for (i = 0; i < sizeof (all) / sizeof (all[0]); i++)
    if (*all[i])
      CuMemFree (*all[i]);
  prep_plan_free (t->plan);
}

int
bench_gpu_tile (CUmodule module, const uint8_t * y, const uint8_t * uv,
    int iterations, int check)
{
  double tile_us = 0, pixel_us = 0;
  size_t i;
  int ok = 1;

  printf ("antialias: the tile entry point against each pixel on its own\n");
  for (i = 0; ok && i < sizeof (tile_workloads) / sizeof (tile_workloads[0]);
      i++) {
    const TileWorkload *w = &tile_workloads[i];
    Tile t;

    memset (&t, 0, sizeof t);
    t.module = module;
    ok = tile_init (&t, w, y, uv);
    if (ok && check) {
      ok = tile_check (&t, w, y, uv);
    } else if (ok) {
      ok = tile_time (&t, 0, iterations, &tile_us)
          && tile_time (&t, 1, iterations, &pixel_us);
      if (ok)
        printf ("  %-6s %s: tile %.1f us, per pixel %.1f us, per pixel / "
            "tile %.2fx\n", w->name, w->what, tile_us, pixel_us,
            pixel_us / tile_us);
    }
    tile_free (&t);
  }
  return ok;
}
