/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* CUDA for cudapreproc, through GStreamer's CUDA library only: every driver
 * call goes through its Cu* wrappers, after gst_cuda_load_library () said
 * yes (the wrappers assert otherwise), so the plugin never links libcuda.
 *
 * Contexts: buffers are processed in the context of their memory, where
 * their device pointers are valid; the stream, the kernel module and the
 * output memory live in that context (the "run" context) and are rebuilt
 * when it changes.  The element makes no context of its own: CUDA input
 * brings one.  A context shared with it (set_context) only tells which
 * device the element will meet, before the first buffer.
 *
 * Synchronization (docs/cuda.md): every frame's kernel has finished before
 * its buffer leaves (gst_cuda_preproc_cuda_finish (): the input frames are
 * released then, and their producer may write into them at once).  From
 * 1.24 CUDA output memory also carries the element's stream.
 *
 * Host memory the device copies from or into is pinned, so that the copy
 * is one DMA transfer: the kernel table's host image (table_host), and the
 * system-memory tensors of CUDA input, which come from a pool of pinned
 * tensors (host_pool). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudautils.h>
#include <gst/cuda/cuda-gst.h>

#include "gstcudapreproc-compat.h"
#include "gstcudapreproc-cuda.h"
#include "gstcudapreproc-input.h"
#include "gstcudapreproc-pool.h"
#include "prep-kernel.h"
#include "prep-kernel-args.h"
#include "prep-kernel-fatbin.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cuda_preproc_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_debug

/* The kernel's launch-table entry points (src/prep-kernel-args.h), in
 * GstCudaPreprocCuda.functions: the engine names the one a launch needs
 * (prep_plan_launch ()): the slots entries, and one specialised entry per
 * format class, element type, layout and filter. */
#define GST_CUDA_PREPROC_KSPEC_NAME(c, e, l, f) PREP_KSPEC_NAME (c, e, l, f),
static const gchar *const entries[] = { PREP_KERNEL_SLOTS_NAME,
  PREP_KERNEL_SLOTS_AA_NAME, PREP_KERNEL_SLOTS_TAPS_NAME,
  PREP_KSPEC_FOR_EACH (GST_CUDA_PREPROC_KSPEC_NAME)
};

struct _GstCudaPreprocCuda
{
  GstElement *element;          /* owner, not a reference */

  GMutex lock;                  /* the fields below, up to run_ctx */
  GstCudaContext *context;      /* shared with the element, if any */
  GstBufferPool *pool;          /* CUDA tensors for CUDA output */
  GstBufferPool *host_pool;     /* pinned host tensors for system output */
  gboolean flushing;
  guint64 warned;               /* devices refused with a warning */

  /* streaming thread */
  GstCudaContext *run_ctx;      /* context of the buffers being processed */
  GstCudaPreprocStream *gst_stream;     /* 1.24+ */
  CUstream stream;
  CUmodule module;
  CUfunction functions[G_N_ELEMENTS (entries)]; /* entries[]'s */
  CUdeviceptr table;            /* device copy of the plan's kernel table */
  gsize table_size;
  guint64 table_gen;            /* the generation of that copy
                                 * (prep_plan_kernel_table ()); 0: none */
  gpointer table_host;          /* pinned image of the table: the copy's
                                 * source */
  gsize table_host_size;
  gboolean failed;              /* the last frame's work was not waited for */
  GstMemory *scratch;           /* device tensor for system output */
};

GstCudaPreprocCuda *
gst_cuda_preproc_cuda_new (GstElement * element)
{
  GstCudaPreprocCuda *cuda = g_new0 (GstCudaPreprocCuda, 1);

  cuda->element = element;
  g_mutex_init (&cuda->lock);
  return cuda;
}

void
gst_cuda_preproc_cuda_free (GstCudaPreprocCuda * cuda)
{
  gst_cuda_preproc_cuda_close (cuda);
  gst_clear_object (&cuda->context);
  g_mutex_clear (&cuda->lock);
  g_free (cuda);
}

/* Names a driver error for a message. */
static const gchar *
gst_cuda_preproc_cuda_error_name (CUresult res)
{
  const char *name = NULL;

  if (CuGetErrorName (res, &name) != CUDA_SUCCESS || name == NULL)
    return "unknown CUDA error";
  return name;
}

/* The device the element will process: the shared context's, else
 * @device_id, else 0 (the one a decoder picks by default). */
static gint
gst_cuda_preproc_cuda_device (GstCudaPreprocCuda * cuda, gint device_id)
{
  GstCudaContext *ctx;
  guint device = 0;

  g_mutex_lock (&cuda->lock);
  ctx = cuda->context ? gst_object_ref (cuda->context) : NULL;
  g_mutex_unlock (&cuda->lock);
  if (ctx == NULL)
    return MAX (device_id, 0);
  g_object_get (ctx, "cuda-device-id", &device, NULL);
  gst_object_unref (ctx);
  return (gint) device;
}

gboolean
gst_cuda_preproc_cuda_usable (GstCudaPreprocCuda * cuda, gint device_id,
    gchar ** why)
{
  gint device = gst_cuda_preproc_cuda_device (cuda, device_id);
  gchar *refusal = gst_cuda_preproc_cuda_device_refusal (device);
  gboolean warn;

  if (refusal == NULL)
    return TRUE;
  /* a machine without a driver is no news; a device that cannot run the
   * kernel is, once per device */
  g_mutex_lock (&cuda->lock);
  warn = gst_cuda_preproc_cuda_driver_refusal () == NULL && device < 64 &&
      !(cuda->warned & (G_GUINT64_CONSTANT (1) << device));
  if (warn)
    cuda->warned |= G_GUINT64_CONSTANT (1) << device;
  g_mutex_unlock (&cuda->lock);
  if (warn)
    GST_ELEMENT_WARNING (cuda->element, RESOURCE, SETTINGS, ("%s; CUDA memory "
            "is not offered, the CPU path runs on system memory", refusal),
        (NULL));
  if (why != NULL)
    *why = refusal;
  else
    g_free (refusal);
  return FALSE;
}

/* Deactivates and drops *@slot (cuda->pool or cuda->host_pool). */
static void
gst_cuda_preproc_cuda_drop_pool (GstCudaPreprocCuda * cuda,
    GstBufferPool ** slot)
{
  GstBufferPool *pool;

  g_mutex_lock (&cuda->lock);
  pool = *slot;
  *slot = NULL;
  g_mutex_unlock (&cuda->lock);
  if (pool != NULL) {
    gst_buffer_pool_set_active (pool, FALSE);
    gst_object_unref (pool);
  }
}

/* Work still queued on the stream reads the tap table and the source
 * pointers and runs the module's kernels: it ends before they are freed
 * (the driver does not promise to wait for it). */
static void
gst_cuda_preproc_cuda_drain (GstCudaPreprocCuda * cuda)
{
  CUresult res;

  if (cuda->run_ctx == NULL || cuda->stream == NULL ||
      !gst_cuda_context_push (cuda->run_ctx))
    return;
  res = CuStreamSynchronize (cuda->stream);
  if (res != CUDA_SUCCESS)
    GST_WARNING_OBJECT (cuda->element, "the stream ended with %s before "
        "teardown", gst_cuda_preproc_cuda_error_name (res));
  gst_cuda_context_pop (NULL);
}

static void
gst_cuda_preproc_cuda_teardown (GstCudaPreprocCuda * cuda)
{
  gst_cuda_preproc_cuda_drain (cuda);
  gst_cuda_preproc_cuda_drop_pool (cuda, &cuda->pool);
  gst_cuda_preproc_cuda_drop_pool (cuda, &cuda->host_pool);
  if (cuda->scratch != NULL) {
    gst_memory_unref (cuda->scratch);
    cuda->scratch = NULL;
  }
  if (cuda->run_ctx == NULL)
    return;
  if (gst_cuda_context_push (cuda->run_ctx)) {
    if (cuda->module != NULL)
      CuModuleUnload (cuda->module);
    if (cuda->table_host != NULL)
      CuMemFreeHost (cuda->table_host);
    if (cuda->table != 0)
      CuMemFree (cuda->table);
    gst_cuda_preproc_compat_stream_free (cuda->gst_stream, cuda->stream);
    gst_cuda_context_pop (NULL);
  }
  cuda->module = NULL;
  memset (cuda->functions, 0, sizeof (cuda->functions));
  cuda->stream = NULL;
  cuda->gst_stream = NULL;
  cuda->table_host = NULL;
  cuda->table_host_size = 0;
  cuda->failed = FALSE;
  cuda->table = 0;
  cuda->table_size = 0;
  cuda->table_gen = 0;
  gst_clear_object (&cuda->run_ctx);
}

gboolean
gst_cuda_preproc_cuda_open (GstCudaPreprocCuda * cuda, gint device_id)
{
  gchar *why = NULL;

  if (gst_cuda_preproc_cuda_usable (cuda, device_id, &why))
    return TRUE;
  GST_ELEMENT_ERROR (cuda->element, RESOURCE, NOT_FOUND,
      ("CUDA memory cannot be processed: %s", why), (NULL));
  g_free (why);
  return FALSE;
}

void
gst_cuda_preproc_cuda_close (GstCudaPreprocCuda * cuda)
{
  gst_cuda_preproc_cuda_teardown (cuda);
}

void
gst_cuda_preproc_cuda_set_flushing (GstCudaPreprocCuda * cuda,
    gboolean flushing)
{
  g_mutex_lock (&cuda->lock);
  cuda->flushing = flushing;
  if (cuda->pool != NULL)
    gst_buffer_pool_set_flushing (cuda->pool, flushing);
  if (cuda->host_pool != NULL)
    gst_buffer_pool_set_flushing (cuda->host_pool, flushing);
  g_mutex_unlock (&cuda->lock);
}

void
gst_cuda_preproc_cuda_set_context (GstCudaPreprocCuda * cuda,
    GstContext * context, gint device_id)
{
  GstCudaContext *ctx;

  /* never touches the driver: safe without one */
  g_mutex_lock (&cuda->lock);
  ctx = cuda->context;
  cuda->context = NULL;
  g_mutex_unlock (&cuda->lock);
  gst_cuda_handle_set_context (cuda->element, context, device_id, &ctx);
  g_mutex_lock (&cuda->lock);
  cuda->context = ctx;
  g_mutex_unlock (&cuda->lock);
}

/* Answered with the context actually used: the input's, once a buffer
 * came, else the one shared with the element. */
gboolean
gst_cuda_preproc_cuda_query (GstCudaPreprocCuda * cuda, GstQuery * query)
{
  GstCudaContext *ctx;
  gboolean ret;

  g_mutex_lock (&cuda->lock);
  ctx = cuda->run_ctx ? cuda->run_ctx : cuda->context;
  if (ctx != NULL)
    gst_object_ref (ctx);
  g_mutex_unlock (&cuda->lock);
  ret = ctx != NULL && gst_cuda_handle_context_query (cuda->element, query,
      ctx);
  gst_clear_object (&ctx);
  return ret;
}

/* Stream, module and kernel in @ctx, the context of the input memory. */
static gboolean
gst_cuda_preproc_cuda_prepare (GstCudaPreprocCuda * cuda, GstCudaContext * ctx)
{
  CUresult res = CUDA_SUCCESS;
  guint i;

  if (cuda->run_ctx == ctx)
    return TRUE;
  gst_cuda_preproc_cuda_teardown (cuda);
  if (!gst_cuda_context_push (ctx))
    goto push_failed;
  g_mutex_lock (&cuda->lock);
  cuda->run_ctx = gst_object_ref (ctx);
  g_mutex_unlock (&cuda->lock);
  if (!gst_cuda_preproc_compat_stream_new (ctx, &cuda->gst_stream,
          &cuda->stream))
    res = CUDA_ERROR_OUT_OF_MEMORY;
  if (res == CUDA_SUCCESS)
    res = CuModuleLoadData (&cuda->module, prep_kernel_fatbin);
  for (i = 0; i < G_N_ELEMENTS (entries) && res == CUDA_SUCCESS; i++)
    res = CuModuleGetFunction (&cuda->functions[i], cuda->module, entries[i]);
  gst_cuda_context_pop (NULL);
  if (res != CUDA_SUCCESS)
    goto failed;
  return TRUE;

  /* ERRORS */
push_failed:
  {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, FAILED,
        ("Cannot make the input's CUDA context current"), (NULL));
    return FALSE;
  }
failed:
  {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, FAILED,
        ("Cannot prepare the CUDA kernel: %s",
            gst_cuda_preproc_cuda_error_name (res)),
        ("stream, module or the kernel's entry points (%s and its "
            "variants; docs/cuda.md lists the GPUs and drivers a build "
            "supports)", entries[0]));
    gst_cuda_preproc_cuda_teardown (cuda);
    return FALSE;
  }
}

/* The context of a CUDA input buffer, or NULL (with an error posted). */
static GstCudaContext *
gst_cuda_preproc_cuda_input_context (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf)
{
  GstMemory *mem = gst_buffer_peek_memory (inbuf, 0);

  if (gst_buffer_n_memory (inbuf) == 1 && gst_is_cuda_memory (mem))
    return GST_CUDA_MEMORY_CAST (mem)->context;
  GST_ELEMENT_ERROR (cuda->element, STREAM, FORMAT,
      ("Buffer with CUDAMemory caps is not one CUDA memory (%u memories)",
          gst_buffer_n_memory (inbuf)), (NULL));
  return NULL;
}

/* The output pool for @bytes tensors, at most @max of them, CUDA ones or
 * (@pinned) pinned host ones: made (or remade) here, returned with a
 * reference. */
static GstBufferPool *
gst_cuda_preproc_cuda_output_pool (GstCudaPreprocCuda * cuda, gsize bytes,
    guint max, gboolean pinned)
{
  GstBufferPool **slot = pinned ? &cuda->host_pool : &cuda->pool;
  GstBufferPool *pool;

  g_mutex_lock (&cuda->lock);
  pool = *slot ? gst_object_ref (*slot) : NULL;
  g_mutex_unlock (&cuda->lock);
  if (pool != NULL && gst_cuda_preproc_pool_matches (pool, cuda->run_ctx,
          bytes, max))
    return pool;
  gst_clear_object (&pool);
  gst_cuda_preproc_cuda_drop_pool (cuda, slot);
  pool = pinned ? gst_cuda_preproc_pinned_pool_new (cuda->run_ctx, bytes, max)
      : gst_cuda_preproc_pool_new (cuda->run_ctx, cuda->gst_stream, bytes, max);
  if (!gst_buffer_pool_set_active (pool, TRUE)) {
    gst_object_unref (pool);
    return NULL;
  }
  g_mutex_lock (&cuda->lock);
  *slot = gst_object_ref (pool);
  gst_buffer_pool_set_flushing (pool, cuda->flushing);
  g_mutex_unlock (&cuda->lock);
  return pool;
}

/* A tensor of @bytes for the CUDA input @inbuf from the output pool of its
 * context (@pinned: the pinned host tensors'). */
static GstFlowReturn
gst_cuda_preproc_cuda_alloc_tensor (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf, gsize bytes, guint max, gboolean pinned,
    GstBuffer ** outbuf)
{
  GstCudaContext *ctx = gst_cuda_preproc_cuda_input_context (cuda, inbuf);
  GstBufferPool *pool;
  GstFlowReturn ret;

  if (ctx == NULL || !gst_cuda_preproc_cuda_prepare (cuda, ctx))
    return GST_FLOW_ERROR;
  pool = gst_cuda_preproc_cuda_output_pool (cuda, bytes, max, pinned);
  if (pool == NULL)
    goto no_buffer;
  /* waits while downstream holds @max tensors */
  ret = gst_buffer_pool_acquire_buffer (pool, outbuf, NULL);
  gst_object_unref (pool);
  if (ret == GST_FLOW_FLUSHING)
    return ret;
  if (ret != GST_FLOW_OK)
    goto no_buffer;
  return GST_FLOW_OK;

  /* ERRORS */
no_buffer:
  {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, NO_SPACE_LEFT,
        ("Cannot allocate a %" G_GSIZE_FORMAT " bytes %s tensor", bytes,
            pinned ? "pinned host" : "CUDA"), (NULL));
    return GST_FLOW_ERROR;
  }
}

GstFlowReturn
gst_cuda_preproc_cuda_alloc_output (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf, gsize bytes, guint max, GstBuffer ** outbuf)
{
  return gst_cuda_preproc_cuda_alloc_tensor (cuda, inbuf, bytes, max, FALSE,
      outbuf);
}

GstFlowReturn
gst_cuda_preproc_cuda_alloc_host_output (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf, gsize bytes, guint max, GstBuffer ** outbuf)
{
  return gst_cuda_preproc_cuda_alloc_tensor (cuda, inbuf, bytes, max, TRUE,
      outbuf);
}

/* A PrepLaunchFunc: @entry's function of the module (@user_data: the
 * GstCudaPreprocCuda). */
static int
gst_cuda_preproc_cuda_launch (const char *entry, PrepDim3 grid,
    PrepDim3 block, unsigned int shared, void *stream, void **args,
    void *user_data)
{
  GstCudaPreprocCuda *cuda = user_data;
  CUfunction function = NULL;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (entries); i++)
    if (strcmp (entry, entries[i]) == 0)
      function = cuda->functions[i];
  if (function == NULL)
    return CUDA_ERROR_NOT_FOUND;
  return CuLaunchKernel (function, grid.x, grid.y, grid.z,
      block.x, block.y, block.z, shared, (CUstream) stream, args, NULL);
}

/* Device memory the kernel writes: the output's own, or a scratch tensor
 * when the output is in system memory. */
static GstMemory *
gst_cuda_preproc_cuda_target (GstCudaPreprocCuda * cuda, GstBuffer * outbuf,
    gboolean cuda_out)
{
  gsize bytes = gst_buffer_get_size (outbuf);

  if (cuda_out)
    return gst_buffer_peek_memory (outbuf, 0);
  if (cuda->scratch != NULL && cuda->scratch->size != bytes) {
    gst_memory_unref (cuda->scratch);
    cuda->scratch = NULL;
  }
  if (cuda->scratch == NULL)
    cuda->scratch = gst_cuda_preproc_tensor_memory_new (cuda->run_ctx, NULL,
        bytes);
  return cuda->scratch;
}

/* *@host holds at least @bytes of pinned memory (grown as needed; its
 * content is lost then).  The context is current. */
static CUresult
gst_cuda_preproc_cuda_reserve_host (gpointer * host, gsize * size, gsize bytes)
{
  CUresult res;

  if (*size >= bytes)
    return CUDA_SUCCESS;
  if (*host != NULL)
    CuMemFreeHost (*host);
  *host = NULL;
  *size = 0;
  if ((res = CuMemAllocHost (host, bytes)) == CUDA_SUCCESS)
    *size = bytes;
  return res;
}

/* Copies the device tensor into the host buffer on our stream and waits
 * for it: into a pinned tensor (gst_cuda_preproc_cuda_alloc_host_output
 * ()), one DMA copy at the bus's speed; into pageable memory the driver
 * stages it through its own pinned buffer.  The context is current. */
static CUresult
gst_cuda_preproc_cuda_download (GstCudaPreprocCuda * cuda,
    CUdeviceptr src, GstBuffer * outbuf)
{
  CUDA_MEMCPY2D copy = { 0, };
  GstMapInfo map;
  CUresult res;

  if (!gst_buffer_map (outbuf, &map, GST_MAP_WRITE))
    return CUDA_ERROR_INVALID_VALUE;
  copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.srcDevice = src;
  copy.srcPitch = map.size;
  copy.dstMemoryType = CU_MEMORYTYPE_HOST;
  copy.dstHost = map.data;
  copy.dstPitch = map.size;
  copy.WidthInBytes = map.size;
  copy.Height = 1;
  res = CuMemcpy2DAsync (&copy, cuda->stream);
  if (res == CUDA_SUCCESS)
    res = CuStreamSynchronize (cuda->stream);
  gst_buffer_unmap (outbuf, &map);
  return res;
}

/* @bytes of host memory at @host into @dev, on our stream; from pageable
 * memory the copy has read it when the call returns.  The context is
 * current. */
static CUresult
gst_cuda_preproc_cuda_copy_in (GstCudaPreprocCuda * cuda, const void *host,
    CUdeviceptr dev, gsize bytes)
{
  CUDA_MEMCPY2D copy = { 0, };

  copy.srcMemoryType = CU_MEMORYTYPE_HOST;
  copy.srcHost = host;
  copy.srcPitch = bytes;
  copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.dstDevice = dev;
  copy.dstPitch = bytes;
  copy.WidthInBytes = bytes;
  copy.Height = 1;
  return CuMemcpy2DAsync (&copy, cuda->stream);
}

/* @bytes of host memory at @host into *@dev (grown as needed), on our
 * stream (gst_cuda_preproc_cuda_copy_in ()).  The context is current. */
static CUresult
gst_cuda_preproc_cuda_upload (GstCudaPreprocCuda * cuda, const void *host,
    gsize bytes, CUdeviceptr * dev, gsize * dev_size)
{
  CUresult res;

  if (*dev_size < bytes) {
    if (*dev != 0)
      CuMemFree (*dev);
    *dev = 0;
    *dev_size = 0;
    if ((res = CuMemAlloc (dev, bytes)) != CUDA_SUCCESS)
      return res;
    *dev_size = bytes;
  }
  return gst_cuda_preproc_cuda_copy_in (cuda, host, *dev, bytes);
}

/* Copies the plan's kernel table (its slots' taps and sources,
 * prep_plan_kernel_table ()) to device memory, on our stream, ahead of
 * the launch, when it changed since the last copy (other slots: a new
 * crop, other objects, other streams, another plan); the same slots frame
 * after frame copy nothing.  The copy is one DMA transfer from the pinned
 * image table_host, ordered after the launches queued before it, which
 * read the previous table.  Every frame ends with our stream synchronized
 * (gst_cuda_preproc_cuda_finish ()), so the copy queued from table_host
 * before has read it; after a failed frame the stream is synchronized
 * here first.  The context is current. */
static CUresult
gst_cuda_preproc_cuda_upload_table (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan)
{
  const void *table;
  size_t bytes;
  guint64 gen;
  CUresult res = CUDA_SUCCESS;

  if (prep_plan_kernel_table (plan, &table, &bytes, &gen) != PREP_OK)
    return CUDA_ERROR_INVALID_VALUE;
  if (cuda->table != 0 && gen == cuda->table_gen)
    return CUDA_SUCCESS;
  cuda->table_gen = 0;
  if (cuda->failed)
    res = CuStreamSynchronize (cuda->stream);
  cuda->failed = FALSE;
  if (res == CUDA_SUCCESS)
    res = gst_cuda_preproc_cuda_reserve_host (&cuda->table_host,
        &cuda->table_host_size, bytes);
  if (res != CUDA_SUCCESS)
    return res;
  memcpy (cuda->table_host, table, bytes);
  res = gst_cuda_preproc_cuda_upload (cuda, cuda->table_host, bytes,
      &cuda->table, &cuda->table_size);
  cuda->table_gen = res == CUDA_SUCCESS ? gen : 0;
  return res;
}

/* After a launch that gave @st (@err: the driver's error): for system
 * output, the download (synchronized); for CUDA output, the
 * synchronization of our stream.  The input frames go back to their
 * producer when the transform returns, and nothing orders the producer's
 * next write into them after the kernel's reads (GstCudaMemory tracks
 * writers, not readers, and libgstcuda's loader has no cuStreamWaitEvent),
 * so the kernel has finished before the buffer leaves, on every version.
 * On a failure, an element error "@what failed: ...".  The context is
 * current. */
static GstFlowReturn
gst_cuda_preproc_cuda_finish (GstCudaPreprocCuda * cuda, PrepStatus st,
    int err, GstMapInfo * dst, GstBuffer * outbuf, gboolean cuda_out,
    const gchar * what)
{
  if (st == PREP_OK && !cuda_out)
    err = gst_cuda_preproc_cuda_download (cuda, (guintptr) dst->data, outbuf);
  else if (st == PREP_OK)
    err = CuStreamSynchronize (cuda->stream);
  if (st == PREP_OK && err == CUDA_SUCCESS)
    return GST_FLOW_OK;
  cuda->failed = TRUE;
  GST_ELEMENT_ERROR (cuda->element, STREAM, FAILED,
      ("%s failed: %s", what, st != PREP_OK && st != PREP_ERROR_LAUNCH ?
          prep_status_string (st) : gst_cuda_preproc_cuda_error_name (err)),
      (NULL));
  return GST_FLOW_ERROR;
}

/* The launch of @plan on @src, then gst_cuda_preproc_cuda_finish ().  The
 * tensor starts @header->bytes into @dst, after the header (flexible
 * tensors), which a CUDA tensor gets on our stream before the launch and a
 * downloaded one on the host after it.  The context is current. */
static GstFlowReturn
gst_cuda_preproc_cuda_run (GstCudaPreprocCuda * cuda, const PrepPlan * plan,
    const PrepFrame * src, GstMapInfo * dst, GstBuffer * outbuf,
    gboolean cuda_out, const GstCudaPreprocHeader * header)
{
  PrepStatus st = PREP_ERROR_LAUNCH;
  GstFlowReturn ret;
  int err;

  err = gst_cuda_preproc_cuda_upload_table (cuda, plan);
  if (err == CUDA_SUCCESS && header->bytes > 0 && cuda_out)
    err = gst_cuda_preproc_cuda_copy_in (cuda, header->data,
        (CUdeviceptr) dst->data, header->bytes);
  if (err == CUDA_SUCCESS)
    st = prep_plan_launch (plan, cuda->table, src,
        (guintptr) dst->data + header->bytes, dst->size - header->bytes,
        gst_cuda_preproc_cuda_launch, cuda->stream, cuda, &err);
  ret = gst_cuda_preproc_cuda_finish (cuda, st, err, dst, outbuf, cuda_out,
      "CUDA preprocessing");
  if (ret == GST_FLOW_OK && header->bytes > 0 && !cuda_out)
    gst_buffer_fill (outbuf, 0, header->data, header->bytes);
  return ret;
}

/* Makes the run context current; FALSE with an element error when it
 * cannot be. */
static gboolean
gst_cuda_preproc_cuda_push (GstCudaPreprocCuda * cuda)
{
  if (gst_cuda_context_push (cuda->run_ctx))
    return TRUE;
  GST_ELEMENT_ERROR (cuda->element, RESOURCE, FAILED,
      ("Cannot make the input's CUDA context current"), (NULL));
  return FALSE;
}

GstFlowReturn
gst_cuda_preproc_cuda_process (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan, const GstVideoInfo * in_info, PrepFormat format,
    gint frame_width, gint frame_height, GstBuffer * inbuf,
    GstBuffer * outbuf, gboolean cuda_out, const GstCudaPreprocHeader * header)
{
  GstCudaContext *ctx = gst_cuda_preproc_cuda_input_context (cuda, inbuf);
  GstVideoFrame frame;
  PrepFrame src;
  GstMemory *target;
  GstMapInfo dst;
  GstFlowReturn ret = GST_FLOW_ERROR;

  if (ctx == NULL || !gst_cuda_preproc_cuda_prepare (cuda, ctx))
    return GST_FLOW_ERROR;
  /* the input's producer may still be writing it on its own stream */
  gst_cuda_preproc_compat_memory_sync (gst_buffer_peek_memory (inbuf, 0));
  target = gst_cuda_preproc_cuda_target (cuda, outbuf, cuda_out);
  if (target == NULL || !gst_memory_map (target, &dst,
          GST_MAP_WRITE | GST_MAP_CUDA))
    goto no_target;
  if (!gst_video_frame_map (&frame, in_info, inbuf,
          GST_MAP_READ | GST_MAP_CUDA)) {
    gst_memory_unmap (target, &dst);
    goto no_input;
  }
  gst_cuda_preproc_input_frame (&frame, format, frame_width, frame_height,
      &src);
  if (gst_cuda_preproc_cuda_push (cuda)) {
    ret = gst_cuda_preproc_cuda_run (cuda, plan, &src, &dst, outbuf, cuda_out,
        header);
    gst_cuda_context_pop (NULL);
  }
  gst_video_frame_unmap (&frame);
  gst_memory_unmap (target, &dst);
  return ret;

  /* ERRORS */
no_target:
  {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, NO_SPACE_LEFT,
        ("Cannot map a CUDA tensor for writing"), (NULL));
    return GST_FLOW_ERROR;
  }
no_input:
  {
    GST_ELEMENT_ERROR (cuda->element, STREAM, FORMAT,
        ("Cannot map the CUDA input frame"), (NULL));
    return GST_FLOW_ERROR;
  }
}

/* The one launch of a streams plan on @frames (device addresses), then
 * gst_cuda_preproc_cuda_finish ().  The context is current. */
static GstFlowReturn
gst_cuda_preproc_cuda_run_streams (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan, const PrepFrame * frames, GstMapInfo * dst,
    GstBuffer * outbuf, gboolean cuda_out)
{
  PrepStatus st = PREP_ERROR_LAUNCH;
  int err;

  err = gst_cuda_preproc_cuda_upload_table (cuda, plan);
  if (err == CUDA_SUCCESS)
    st = prep_plan_launch (plan, cuda->table, frames, (guintptr) dst->data,
        dst->size, gst_cuda_preproc_cuda_launch, cuda->stream, cuda, &err);
  return gst_cuda_preproc_cuda_finish (cuda, st, err, dst, outbuf, cuda_out,
      "CUDA preprocessing of the batch");
}

/* The CUDA context of the batch: that of every input memory, which must
 * be one (one device, one context), or NULL with an error posted. */
static GstCudaContext *
gst_cuda_preproc_cuda_batch_context (GstCudaPreprocCuda * cuda,
    GstBuffer ** inbufs, guint n)
{
  GstCudaContext *ctx = NULL, *c;
  guint i, d0 = 0, d1 = 0;

  for (i = 0; i < n; i++) {
    if (inbufs[i] == NULL)
      continue;
    if ((c = gst_cuda_preproc_cuda_input_context (cuda, inbufs[i])) == NULL)
      return NULL;
    if (ctx != NULL && c != ctx)
      goto two_contexts;
    ctx = c;
  }
  /* the element pushes no batch without a frame: a contract */
  if (ctx == NULL)
    GST_ELEMENT_ERROR (cuda->element, CORE, FAILED,
        ("A batch in CUDA memory without any frame"), (NULL));
  return ctx;

  /* ERRORS */
two_contexts:
  {
    g_object_get (ctx, "cuda-device-id", &d0, NULL);
    g_object_get (c, "cuda-device-id", &d1, NULL);
    GST_ELEMENT_ERROR (cuda->element, STREAM, FORMAT,
        ("The batch's inputs are in two CUDA contexts (devices %u and %u): "
            "one batch runs on one device, in one context", d0, d1),
        ("share one CUDA context between the decoders and uploaders "
            "(GstContext), or run one pipeline per GPU (docs/batching.md)"));
    return NULL;
  }
}

GstFlowReturn
gst_cuda_preproc_cuda_process_streams (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan, GstBuffer ** inbufs, const GstVideoInfo ** infos,
    const PrepStream * streams, guint n, GstBuffer * outbuf, gboolean cuda_out)
{
  GstCudaContext *ctx = gst_cuda_preproc_cuda_batch_context (cuda, inbufs, n);
  GstVideoFrame vframes[PREP_BATCH_MAX];
  PrepFrame frames[PREP_BATCH_MAX];
  gboolean mapped[PREP_BATCH_MAX];
  GstFlowReturn ret = GST_FLOW_ERROR;
  GstMemory *target;
  GstMapInfo dst;
  guint i;

  if (ctx == NULL || !gst_cuda_preproc_cuda_prepare (cuda, ctx))
    return GST_FLOW_ERROR;
  target = gst_cuda_preproc_cuda_target (cuda, outbuf, cuda_out);
  if (target == NULL || !gst_memory_map (target, &dst,
          GST_MAP_WRITE | GST_MAP_CUDA))
    goto no_target;
  for (i = 0; i < n; i++) {
    const PrepStream *s = &streams[i];

    prep_frame_init (&frames[i], s->format, s->src_width, s->src_height);
    if (inbufs[i] == NULL) {
      mapped[i] = FALSE;
      continue;
    }
    gst_cuda_preproc_compat_memory_sync (gst_buffer_peek_memory (inbufs[i], 0));
    mapped[i] = gst_video_frame_map (&vframes[i], infos[i], inbufs[i],
        GST_MAP_READ | GST_MAP_CUDA);
    if (mapped[i])
      gst_cuda_preproc_input_frame (&vframes[i], s->format, s->src_width,
          s->src_height, &frames[i]);
  }
  if (gst_cuda_preproc_cuda_push (cuda)) {
    ret = gst_cuda_preproc_cuda_run_streams (cuda, plan, frames, &dst, outbuf,
        cuda_out);
    gst_cuda_context_pop (NULL);
  }
  for (i = 0; i < n; i++)
    if (mapped[i])
      gst_video_frame_unmap (&vframes[i]);
  gst_memory_unmap (target, &dst);
  return ret;

  /* ERRORS */
no_target:
  {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, NO_SPACE_LEFT,
        ("Cannot map a CUDA tensor for writing"), (NULL));
    return GST_FLOW_ERROR;
  }
}

gboolean
gst_cuda_preproc_cuda_is_cuda_buffer (GstBuffer * buffer)
{
  return gst_buffer_n_memory (buffer) > 0 &&
      gst_is_cuda_memory (gst_buffer_peek_memory (buffer, 0));
}

GstBuffer *
gst_cuda_preproc_cuda_sub_tensor (GstBuffer * tensor, gsize offset, gsize size)
{
  GstMemory *mem, *sub;
  GstCudaPreprocStream *stream = NULL;
  GstMapInfo map;
  GstBuffer *buf;
  CUdeviceptr ptr;

  if (!gst_cuda_preproc_cuda_is_cuda_buffer (tensor) ||
      offset + size > gst_buffer_get_size (tensor))
    return NULL;
  mem = gst_buffer_peek_memory (tensor, 0);
  /* the pointer outlives the map: the memory is not freed while the
   * sub-buffer holds its buffer */
  if (!gst_memory_map (mem, &map, GST_MAP_READ | GST_MAP_CUDA))
    return NULL;
  ptr = (CUdeviceptr) map.data + offset;
  gst_memory_unmap (mem, &map);
#if GST_CUDA_PREPROC_MEMORY_STREAMS
  stream = gst_cuda_memory_get_stream (GST_CUDA_MEMORY_CAST (mem));
#endif
  sub = gst_cuda_preproc_tensor_memory_wrap (GST_CUDA_MEMORY_CAST
      (mem)->context, stream, ptr, size, gst_buffer_ref (tensor),
      (GDestroyNotify) gst_buffer_unref);
  if (sub == NULL) {
    gst_buffer_unref (tensor);
    return NULL;
  }
  buf = gst_buffer_new ();
  gst_buffer_append_memory (buf, sub);
  return buf;
}
