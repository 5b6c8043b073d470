/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Can CUDA serve the element, and on which device: decided before CUDA
 * caps are offered, so that a decoder on a GPU or driver the kernel cannot
 * run on hands over system memory and the CPU path runs, rather than the
 * pipeline dying at its first buffer.  Through GStreamer's CUDA loader
 * only (the Cu* wrappers); no context is made. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/cuda-gst.h>

#include "gstcudapreproc-cuda.h"
#include "gstcudapreproc-fatbin-info.h"

/* Devices whose verdict is kept; a higher number is checked every time. */
#define CACHED_DEVICES 64

static gpointer
cuda_check_driver (gpointer data)
{
  int n = 0;

  if (!gst_cuda_load_library ())
    return (gpointer) "the CUDA driver library (libcuda.so.1) cannot be loaded";
  if (CuInit (0) != CUDA_SUCCESS)
    return (gpointer) "the CUDA driver failed to initialize (cuInit)";
  if (CuDeviceGetCount (&n) != CUDA_SUCCESS || n <= 0)
    return (gpointer) "there is no CUDA device";
  gst_cuda_memory_init_once ();
  return NULL;
}

const gchar *
gst_cuda_preproc_cuda_driver_refusal (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, cuda_check_driver, NULL);
  return once.retval;
}

/* The fat binary runs on a device when it holds SASS of the device's major
 * version and a minor version not above the device's, built by a toolkit
 * of the driver's major version or older (minor version compatibility), or
 * PTX of an architecture not above the device's that the driver can compile
 * (a driver at least as new as the toolkit). */
static gboolean
fatbin_runs_on (gint major, gint minor, gint driver)
{
  static const gint sass[] = GST_CUDA_PREPROC_FATBIN_SASS;
  gint cc = major * 10 + minor;
  guint i;

  if (cc >= GST_CUDA_PREPROC_FATBIN_PTX &&
      driver >= GST_CUDA_PREPROC_FATBIN_CUDA_VERSION)
    return TRUE;
  if (driver / 1000 < GST_CUDA_PREPROC_FATBIN_CUDA_VERSION / 1000)
    return FALSE;
  for (i = 0; i < G_N_ELEMENTS (sass); i++)
    if (sass[i] / 10 == major && sass[i] % 10 <= minor)
      return TRUE;
  return FALSE;
}

static gchar *
fatbin_needs (void)
{
  static const gint sass[] = GST_CUDA_PREPROC_FATBIN_SASS;
  GString *s = g_string_new ("SASS for");
  guint i;

  for (i = 0; i < G_N_ELEMENTS (sass); i++)
    g_string_append_printf (s, "%s sm_%d", i ? "," : "", sass[i]);
  g_string_append_printf (s, " with a driver for CUDA %d.x, or a GPU of "
      "compute capability %d.%d or newer with a driver for CUDA %d.%d or "
      "newer (PTX)", GST_CUDA_PREPROC_FATBIN_CUDA_VERSION / 1000,
      GST_CUDA_PREPROC_FATBIN_PTX / 10, GST_CUDA_PREPROC_FATBIN_PTX % 10,
      GST_CUDA_PREPROC_FATBIN_CUDA_VERSION / 1000,
      GST_CUDA_PREPROC_FATBIN_CUDA_VERSION % 1000 / 10);
  return g_string_free (s, FALSE);
}

static gchar *
device_check (gint device)
{
  int n = 0, major = 0, minor = 0, driver = 0;
  CUdevice dev;
  gchar *needs, *why;

  if (CuDeviceGetCount (&n) != CUDA_SUCCESS || device >= n)
    return g_strdup_printf ("there is no CUDA device %d (%d found)", device, n);
  if (CuDeviceGet (&dev, device) != CUDA_SUCCESS ||
      CuDeviceGetAttribute (&major,
          CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev) != CUDA_SUCCESS ||
      CuDeviceGetAttribute (&minor,
          CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev) != CUDA_SUCCESS ||
      CuDriverGetVersion (&driver) != CUDA_SUCCESS)
    return g_strdup_printf ("CUDA device %d cannot be queried", device);
  if (fatbin_runs_on (major, minor, driver))
    return NULL;
  needs = fatbin_needs ();
  why = g_strdup_printf ("CUDA device %d (compute capability %d.%d, driver "
      "for CUDA %d.%d) cannot run this build's kernel, which needs %s",
      device, major, minor, driver / 1000, driver % 1000 / 10, needs);
  g_free (needs);
  return why;
}

gchar *
gst_cuda_preproc_cuda_device_refusal (gint device)
{
  static GMutex lock;
  static gboolean checked[CACHED_DEVICES];
  static gchar *refusal[CACHED_DEVICES];        /* kept for the process */
  const gchar *driver;
  gchar *why;

  if ((driver = gst_cuda_preproc_cuda_driver_refusal ()) != NULL)
    return g_strdup (driver);
  if (device < 0 || device >= CACHED_DEVICES)
    return device_check (MAX (device, 0));
  g_mutex_lock (&lock);
  if (!checked[device]) {
    refusal[device] = device_check (device);
    checked[device] = TRUE;
  }
  why = g_strdup (refusal[device]);
  g_mutex_unlock (&lock);
  return why;
}
