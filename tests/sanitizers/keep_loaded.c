/* Preloaded into the app for the sanitized end-to-end runs only (tests/sanitizers/
 * run_sanitized.sh): dlclose does nothing, so the GL driver that libglvnd loads (Mesa) is still
 * mapped when LeakSanitizer checks at exit. Its allocations are then attributed to
 * libGLX_mesa.so / swrast_dri.so (suppressed by lsan.supp) instead of "<unknown module>", and
 * leak detection can stay on for the real window: a leak of roofline's own still fails the run. */
int dlclose(void* handle) {
  (void)handle;
  return 0;
}
