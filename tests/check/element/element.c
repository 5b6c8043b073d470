/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* gst-check suite of the cudapreproc element (CPU path): properties, caps,
 * output bit-identical to the engine, strides, timestamps, the bad input
 * policies of docs/bad-input.md, state changes, renegotiation, property
 * changes from another thread and a real pipeline.
 *
 * Expected outputs come from the engine (prep_plan_run_cpu) fed with a
 * PrepConfig that the test builds itself from its own tables, so a wrong
 * property, caps or colorimetry mapping in the element shows up as a
 * comparison failure naming the case and the first element that differs.
 *
 * One program of several files, one per theme (element-props.c,
 * element-output.c, element-buffers.c, element-bad-input.c,
 * element-states.c, their helpers in element-common.c): `meson test
 * element` runs them all, under one registry and one count of checks, in
 * the order they always ran.  This file only puts the suite together. */

#include "element-common.h"

static Suite *
cudapreproc_suite (void)
{
  Suite *s = suite_create ("cudapreproc");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  element_props_tests (tc);
  element_output_tests (tc);
  element_buffers_tests (tc);
  element_bad_input_tests (tc);
  element_states_tests (tc);
  element_formats_tests (tc);
  return s;
}

GST_CHECK_MAIN (cudapreproc);
