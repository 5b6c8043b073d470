/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element's CUDA path end to end, with the real libgstcuda running on
 * the mock driver of tests/mock-cuda (LD_LIBRARY_PATH): device memory is
 * host memory behind strict checks, and cuLaunchKernel runs the host build
 * of the kernel.  Outputs must be bit-identical to the CPU engine.
 *
 * The mock is configured per test through its environment variables
 * (MOCK_CUDA_DEVICES, MOCK_CUDA_FAIL, MOCK_CUDA_CC, ...), set before the
 * driver is first loaded: every test runs in its own forked process.  Its
 * work is deferred as on a GPU (tests/mock-cuda/mock-stream.c): each pulled
 * output is checked for work the element left queued where it promised
 * synchronized output, and each test ends with balanced context pushes
 * (tests/mock-cuda/mock-cuda-check.h).
 *
 * One program of several files, one per theme (cuda-mock-paths.c,
 * cuda-mock-batches.c, cuda-mock-contexts.c, cuda-mock-failures.c,
 * cuda-mock-contracts.c, cuda-mock-held.c, their helpers in cuda-mock-common.c): `meson test
 * cuda-mock` runs them all, under one registry and one count of checks, in
 * the test cases they always ran in.  This file only puts the suite
 * together. */

#include "cuda-mock-common.h"

static Suite *
cuda_mock_suite (void)
{
  Suite *s = suite_create ("cudapreproc-cuda-mock");
  TCase *paths = tcase_create ("paths");
  TCase *contexts = tcase_create ("contexts");
  TCase *failures = tcase_create ("failures");
  TCase *contracts = tcase_create ("contracts");

  suite_add_tcase (s, paths);
  suite_add_tcase (s, contexts);
  suite_add_tcase (s, failures);
  suite_add_tcase (s, contracts);
  cuda_mock_paths_tests (paths);
  cuda_mock_batches_tests (paths);
  cuda_mock_contexts_tests (contexts);
  cuda_mock_failures_tests (failures, contracts);
  cuda_mock_contracts_tests (contracts);
  cuda_mock_held_tests (contracts);
  return s;
}

GST_CHECK_MAIN (cuda_mock);
