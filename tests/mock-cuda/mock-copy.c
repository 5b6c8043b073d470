/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cuMemcpy2D_v2 and cuMemcpy2DAsync_v2, the 1D copies and the 2D memsets.
 *
 * A synchronous copy or memset is a NULL-stream operation: the work it is
 * ordered after runs first (mock-stream.c), then the copy.  An asynchronous
 * one between device and pinned memory (or device and device) is queued on
 * its stream and runs later; with pageable host memory it is synchronous
 * for the host, as with the driver: the stream's earlier work, then the
 * copy, before the call returns.  The checks below run when the call is
 * made, and again when a queued copy runs (the memory may be gone by then).
 *
 * Each side's rows, (srcXInBytes, srcY) onwards with srcPitch (likewise for
 * dst), span [first byte of row 0, last byte of row Height - 1]; that whole
 * span must lie inside one live allocation of the side's memory type:
 * device memory of any live context (unified addressing), or pinned memory
 * when a host pointer falls inside a cuMemAllocHost block.  Host pointers to
 * pageable memory are taken as they are.  Pointers come from srcHost for
 * CU_MEMORYTYPE_HOST, from srcDevice for DEVICE and UNIFIED (likewise dst). */

#include "mock-state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  const char *name;             /* "src" or "dst" */
  CUmemorytype type;
  uint64_t base;                /* srcHost/srcDevice as an address */
  size_t x, y, pitch;
  uint8_t *bytes;               /* resolved first byte of row 0 */
} CopySide;

/* Bytes of a side: the span from row 0's first byte to the last row's end;
 * 0 on overflow. */
static int
side_span (const CopySide * s, size_t width, size_t height,
    uint64_t * first, size_t *span)
{
  size_t off, last_row;

  if (__builtin_mul_overflow (s->y, s->pitch, &off)
      || __builtin_add_overflow (off, s->x, &off)
      || __builtin_mul_overflow (height - 1, s->pitch, &last_row)
      || __builtin_add_overflow (last_row, width, span)
      || __builtin_add_overflow (s->base, (uint64_t) off, first))
    return 0;
  return 1;
}

static CUresult
resolve_side (const char *call, CopySide * s, size_t width, size_t height)
{
  char what[64];
  uint64_t first;
  size_t span;

  if (s->type == CU_MEMORYTYPE_UNIFIED)
    s->type = mock_is_device_address (s->base) ?
        CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
  if (s->type == CU_MEMORYTYPE_ARRAY) {
    mock_warn (call, "%s: CUDA arrays are not supported by the mock", s->name);
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  if (s->type != CU_MEMORYTYPE_HOST && s->type != CU_MEMORYTYPE_DEVICE)
    return CUDA_ERROR_INVALID_VALUE;
  if (height > 1 && s->pitch < width) {
    mock_warn (call, "%s pitch %zu < WidthInBytes %zu", s->name, s->pitch,
        width);
    return CUDA_ERROR_INVALID_VALUE;
  }
  snprintf (what, sizeof (what), "%s (%s, %zu rows of %zu bytes, pitch %zu)",
      s->name, s->type == CU_MEMORYTYPE_HOST ? "host" : "device", height,
      width, s->pitch);
  if (s->base == 0)
    mock_fatal (call, "%s: NULL pointer", what);
  if (!side_span (s, width, height, &first, &span))
    mock_fatal (call, "%s: the rows overflow the address space", what);
  if (s->type == CU_MEMORYTYPE_DEVICE) {
    s->bytes = mock_device_range (call, what, (CUdeviceptr) first, span, 0);
  } else {
    s->bytes = (uint8_t *) (uintptr_t) first;
    mock_host_range (call, what, s->bytes, span);
  }
  return CUDA_SUCCESS;
}

static void
copy_rows (const CopySide * src, const CopySide * dst, size_t width,
    size_t height)
{
  size_t r;

  for (r = 0; r < height; r++)
    memmove (dst->bytes + r * dst->pitch, src->bytes + r * src->pitch, width);
}

/* A queued copy: its descriptor, resolved again now. */
static void
copy_run (MockOp * op)
{
  const CUDA_MEMCPY2D *c = op->data;
  CopySide src = { "src", c->srcMemoryType, 0, c->srcXInBytes, c->srcY,
    c->srcPitch, NULL
  };
  CopySide dst = { "dst", c->dstMemoryType, 0, c->dstXInBytes, c->dstY,
    c->dstPitch, NULL
  };

  src.base = c->srcMemoryType == CU_MEMORYTYPE_HOST ?
      (uint64_t) (uintptr_t) c->srcHost : (uint64_t) c->srcDevice;
  dst.base = c->dstMemoryType == CU_MEMORYTYPE_HOST ?
      (uint64_t) (uintptr_t) c->dstHost : (uint64_t) c->dstDevice;
  if (resolve_side (op->call, &src, c->WidthInBytes, c->Height) != CUDA_SUCCESS
      || resolve_side (op->call, &dst, c->WidthInBytes, c->Height)
      != CUDA_SUCCESS)
    mock_fatal (op->call, "a queued copy became invalid");
  copy_rows (&src, &dst, c->WidthInBytes, c->Height);
}

/* Whether a resolved side is pageable host memory. */
static int
side_pageable (const CopySide * s)
{
  return s->type == CU_MEMORYTYPE_HOST && !mock_host_is_pinned (s->bytes);
}

static CUresult
copy_2d (const char *call, const CUDA_MEMCPY2D * c, CUstream stream, int async)
{
  CopySide src = { "src", c->srcMemoryType, 0, c->srcXInBytes, c->srcY,
    c->srcPitch, NULL
  };
  CopySide dst = { "dst", c->dstMemoryType, 0, c->dstXInBytes, c->dstY,
    c->dstPitch, NULL
  };
  MockObject *queue;
  CUDA_MEMCPY2D *copy;
  CUresult ret;
  uint32_t ctx;

  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    return ret;
  ctx = mock_require_context (call);
  queue = mock_stream_resolve (call, stream, ctx);
  if (c == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  src.base = c->srcMemoryType == CU_MEMORYTYPE_HOST ?
      (uint64_t) (uintptr_t) c->srcHost : (uint64_t) c->srcDevice;
  dst.base = c->dstMemoryType == CU_MEMORYTYPE_HOST ?
      (uint64_t) (uintptr_t) c->dstHost : (uint64_t) c->dstDevice;
  if (c->WidthInBytes == 0 || c->Height == 0)
    return CUDA_SUCCESS;
  ret = resolve_side (call, &src, c->WidthInBytes, c->Height);
  if (ret == CUDA_SUCCESS)
    ret = resolve_side (call, &dst, c->WidthInBytes, c->Height);
  if (ret != CUDA_SUCCESS)
    return ret;
  if (mock_inject (MOCK_FAIL_COPY, call))
    return CUDA_ERROR_ILLEGAL_ADDRESS;
  if (async && !side_pageable (&src) && !side_pageable (&dst)) {
    mock_state.stats.async_copies++;
    copy = malloc (sizeof (CUDA_MEMCPY2D));
    if (copy == NULL)
      mock_fatal (call, "out of host memory");
    *copy = *c;
    mock_stream_enqueue (queue, ctx, call, copy_run, copy);
    return CUDA_SUCCESS;
  }
  if (async) {
    /* pageable memory: the copy is done when the call returns */
    mock_state.stats.async_copies++;
    mock_state.stats.pageable_async_copies++;
    mock_stream_submit (queue);
    ret = mock_queue_is_null (queue) ? mock_stream_sync_legacy (ctx) :
        mock_stream_flush_queue ((uint32_t) (queue - mock_state.objects),
        UINT64_MAX);
  } else {
    /* a synchronous copy waits for the legacy stream and, through it, for
     * the blocking streams of the context */
    mock_state.stats.copies++;
    ret = mock_stream_sync_legacy (ctx);
  }
  if (ret != CUDA_SUCCESS)
    return ret;
  /* the memory may have changed hands meanwhile: resolve it again */
  ret = resolve_side (call, &src, c->WidthInBytes, c->Height);
  if (ret == CUDA_SUCCESS)
    ret = resolve_side (call, &dst, c->WidthInBytes, c->Height);
  if (ret == CUDA_SUCCESS)
    copy_rows (&src, &dst, c->WidthInBytes, c->Height);
  return ret;
}

CUresult CUDAAPI
cuMemcpy2D_v2 (const CUDA_MEMCPY2D * pCopy)
{
  CUresult ret;

  mock_enter ("cuMemcpy2D_v2");
  ret = copy_2d ("cuMemcpy2D_v2", pCopy, NULL, 0);
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuMemcpy2DAsync_v2 (const CUDA_MEMCPY2D * pCopy, CUstream hStream)
{
  CUresult ret;

  mock_enter ("cuMemcpy2DAsync_v2");
  ret = copy_2d ("cuMemcpy2DAsync_v2", pCopy, hStream, 1);
  mock_leave ();
  return ret;
}

/* ------------------------------------------------------------------------ */
/* 1D copies (libgstcuda 1.24+): one row of a 2D copy, with its checks. */

static CUresult
copy_1d (const char *call, CUmemorytype dst_type, uint64_t dst,
    CUmemorytype src_type, uint64_t src, size_t bytes, CUstream stream,
    int async)
{
  CUDA_MEMCPY2D c;

  memset (&c, 0, sizeof (c));
  c.srcMemoryType = src_type;
  c.dstMemoryType = dst_type;
  if (src_type == CU_MEMORYTYPE_HOST)
    c.srcHost = (const void *) (uintptr_t) src;
  else
    c.srcDevice = (CUdeviceptr) src;
  if (dst_type == CU_MEMORYTYPE_HOST)
    c.dstHost = (void *) (uintptr_t) dst;
  else
    c.dstDevice = (CUdeviceptr) dst;
  c.srcPitch = c.dstPitch = bytes;
  c.WidthInBytes = bytes;
  c.Height = 1;
  return copy_2d (call, &c, stream, async);
}

#define COPY_1D(name, async, stream, dst_type, dst_arg, src_type, src_arg, \
    ...) \
CUresult CUDAAPI \
name (__VA_ARGS__) \
{ \
  CUresult ret; \
  mock_enter (#name); \
  ret = copy_1d (#name, dst_type, (uint64_t) (uintptr_t) dst_arg, src_type, \
      (uint64_t) (uintptr_t) src_arg, ByteCount, stream, async); \
  mock_leave (); \
  return ret; \
}

/* *INDENT-OFF* */
COPY_1D (cuMemcpyDtoD_v2, 0, NULL, CU_MEMORYTYPE_DEVICE, dstDevice,
    CU_MEMORYTYPE_DEVICE, srcDevice, CUdeviceptr dstDevice,
    CUdeviceptr srcDevice, size_t ByteCount)
COPY_1D (cuMemcpyDtoH_v2, 0, NULL, CU_MEMORYTYPE_HOST, dstHost,
    CU_MEMORYTYPE_DEVICE, srcDevice, void *dstHost, CUdeviceptr srcDevice,
    size_t ByteCount)
COPY_1D (cuMemcpyHtoD_v2, 0, NULL, CU_MEMORYTYPE_DEVICE, dstDevice,
    CU_MEMORYTYPE_HOST, srcHost, CUdeviceptr dstDevice, const void *srcHost,
    size_t ByteCount)
COPY_1D (cuMemcpyDtoDAsync_v2, 1, hStream, CU_MEMORYTYPE_DEVICE, dstDevice,
    CU_MEMORYTYPE_DEVICE, srcDevice, CUdeviceptr dstDevice,
    CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream)
COPY_1D (cuMemcpyDtoHAsync_v2, 1, hStream, CU_MEMORYTYPE_HOST, dstHost,
    CU_MEMORYTYPE_DEVICE, srcDevice, void *dstHost, CUdeviceptr srcDevice,
    size_t ByteCount, CUstream hStream)
COPY_1D (cuMemcpyHtoDAsync_v2, 1, hStream, CU_MEMORYTYPE_DEVICE, dstDevice,
    CU_MEMORYTYPE_HOST, srcHost, CUdeviceptr dstDevice, const void *srcHost,
    size_t ByteCount, CUstream hStream)
/* *INDENT-ON* */

/* ------------------------------------------------------------------------ */
/* 2D memsets (libgstcuda 1.24+): @height rows of @width elements of @size
 * bytes, @pitch apart, inside one live device allocation. */

typedef struct
{
  CUdeviceptr dst;
  size_t pitch, size, width, height, span;
  uint32_t value;
} MemsetOp;

static void
memset_rows (uint8_t * bytes, const MemsetOp * m)
{
  size_t r, i;

  for (r = 0; r < m->height; r++) {
    uint8_t *p = bytes + r * m->pitch;
    uint16_t v16 = (uint16_t) m->value;

    for (i = 0; i < m->width; i++) {
      if (m->size == 1)
        p[i] = (uint8_t) m->value;
      else if (m->size == 2)
        memcpy (p + 2 * i, &v16, 2);
      else
        memcpy (p + 4 * i, &m->value, 4);
    }
  }
}

static void
memset_run (MockOp * op)
{
  const MemsetOp *m = op->data;

  memset_rows (mock_device_range (op->call, "queued memset dst", m->dst,
          m->span, 0), m);
}

static CUresult
memset_2d (const char *call, CUdeviceptr dst, size_t pitch, uint32_t value,
    size_t size, size_t width, size_t height, CUstream stream, int async)
{
  MockObject *queue;
  CUresult ret;
  uint32_t ctx;
  size_t row, span;
  MemsetOp *m;
  char what[96];

  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    return ret;
  ctx = mock_require_context (call);
  queue = mock_stream_resolve (call, stream, ctx);
  if (width == 0 || height == 0)
    return CUDA_SUCCESS;
  if (__builtin_mul_overflow (width, size, &row)
      || (height > 1 && pitch < row) || dst % size != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (__builtin_mul_overflow (height - 1, pitch, &span)
      || __builtin_add_overflow (span, row, &span))
    return CUDA_ERROR_INVALID_VALUE;
  snprintf (what, sizeof (what), "dst (%zu rows of %zu bytes, pitch %zu)",
      height, row, pitch);
  if (dst == 0)
    mock_fatal (call, "%s: NULL pointer", what);
  mock_device_range (call, what, dst, span, 0);
  if (mock_inject (MOCK_FAIL_COPY, call))
    return CUDA_ERROR_ILLEGAL_ADDRESS;
  m = malloc (sizeof (MemsetOp));
  if (m == NULL)
    mock_fatal (call, "out of host memory");
  m->dst = dst;
  m->pitch = pitch;
  m->size = size;
  m->width = width;
  m->height = height;
  m->span = span;
  m->value = value;
  if (async) {
    mock_state.stats.async_copies++;
    mock_stream_enqueue (queue, ctx, call, memset_run, m);
    return CUDA_SUCCESS;
  }
  mock_state.stats.copies++;
  ret = mock_stream_sync_legacy (ctx);
  if (ret == CUDA_SUCCESS)
    memset_rows (mock_device_range (call, what, dst, span, 0), m);
  free (m);
  return ret;
}

#define MEMSET_2D(name, async, stream, type, size, ...) \
CUresult CUDAAPI \
name (CUdeviceptr dstDevice, size_t dstPitch, type value, __VA_ARGS__) \
{ \
  CUresult ret; \
  mock_enter (#name); \
  ret = memset_2d (#name, dstDevice, dstPitch, value, size, Width, Height, \
      stream, async); \
  mock_leave (); \
  return ret; \
}

/* *INDENT-OFF* */
MEMSET_2D (cuMemsetD2D8_v2, 0, NULL, unsigned char, 1, size_t Width,
    size_t Height)
MEMSET_2D (cuMemsetD2D16_v2, 0, NULL, unsigned short, 2, size_t Width,
    size_t Height)
MEMSET_2D (cuMemsetD2D32_v2, 0, NULL, unsigned int, 4, size_t Width,
    size_t Height)
MEMSET_2D (cuMemsetD2D8Async, 1, hStream, unsigned char, 1, size_t Width,
    size_t Height, CUstream hStream)
MEMSET_2D (cuMemsetD2D16Async, 1, hStream, unsigned short, 2, size_t Width,
    size_t Height, CUstream hStream)
MEMSET_2D (cuMemsetD2D32Async, 1, hStream, unsigned int, 4, size_t Width,
    size_t Height, CUstream hStream)
/* *INDENT-ON* */
