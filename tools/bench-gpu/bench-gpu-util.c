/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The GPU benchmark's helpers (bench-gpu.h): driver errors, clocks, the
 * synthetic frame, copies and the launch callback. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench-gpu.h"

int
check_cu (CUresult r, const char *what)
{
  const char *name = NULL;

  if (r == CUDA_SUCCESS)
    return 1;
  CuGetErrorName (r, &name);
  fprintf (stderr, "cudapreproc-bench-gpu: %s failed: %s (%d)\n", what,
      name ? name : "?", (int) r);
  return 0;
}

double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e6 + (double) ts.tv_nsec * 1e-3;
}

int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

/* The benchmark's NV12 frame as the engine's frame description. */
void
nv12_frame (PrepFrame * f, const uint8_t * y, int y_stride,
    const uint8_t * uv, int uv_stride)
{
  prep_frame_init (f, PREP_FORMAT_NV12, FRAME_WIDTH, FRAME_HEIGHT);
  f->planes[0] = y;
  f->strides[0] = y_stride;
  f->planes[1] = uv;
  f->strides[1] = uv_stride;
}

/* The synthetic frame: smooth gradients of Y (limited range) and of U, V
 * over most of their range, in and out of gamut, no edges. */
void
frame_fill (uint8_t * y, int y_stride, uint8_t * uv, int uv_stride)
{
  int i, j;

  for (j = 0; j < FRAME_HEIGHT; j++)
    for (i = 0; i < FRAME_WIDTH; i++)
      y[(size_t) j * y_stride + i] = (uint8_t) (16 + (i * 150) / FRAME_WIDTH
          + (j * 69) / FRAME_HEIGHT);
  for (j = 0; j < FRAME_HEIGHT / 2; j++) {
    for (i = 0; i < FRAME_WIDTH / 2; i++) {
      uint8_t *c = uv + (size_t) j * uv_stride + (size_t) i * 2;

      c[0] = (uint8_t) (32 + (i * 192) / (FRAME_WIDTH / 2));
      c[1] = (uint8_t) (224 - (j * 192) / (FRAME_HEIGHT / 2));
    }
  }
}

int
copy_linear (CUdeviceptr dev, void *host, size_t bytes, int upload)
{
  CUDA_MEMCPY2D c;

  memset (&c, 0, sizeof c);
  c.srcMemoryType = upload ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
  c.dstMemoryType = upload ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
  c.srcHost = host;
  c.dstHost = host;
  c.srcDevice = c.dstDevice = dev;
  c.srcPitch = c.dstPitch = c.WidthInBytes = bytes;
  c.Height = 1;
  return check_cu (CuMemcpy2D (&c), upload ? "upload" : "download");
}

int
launch_cu (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  CUfunction f;
  CUresult res = CuModuleGetFunction (&f, (CUmodule) user_data, entry);

  if (res != CUDA_SUCCESS)
    return res;
  return CuLaunchKernel (f, grid.x, grid.y, grid.z, block.x, block.y,
      block.z, shared, (CUstream) stream, args, NULL);
}

int
time_runs (int (*run) (void *data), void *data, int n, double *median,
    double *min)
{
  double *t = malloc (sizeof (double) * (size_t) n);
  int i, ok = t != NULL;

  for (i = -WARMUP; ok && i < n; i++) {
    double t0 = now_us ();

    ok = run (data) && check_cu (CuStreamSynchronize (NULL),
        "cuStreamSynchronize");
    if (ok && i >= 0)
      t[i] = now_us () - t0;
  }
  if (ok) {
    qsort (t, (size_t) n, sizeof (double), cmp_double);
    *median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
    if (min != NULL)
      *min = t[0];
  }
  free (t);
  return ok;
}
