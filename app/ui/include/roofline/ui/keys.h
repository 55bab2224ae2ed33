#pragma once
// The key codes the UI reads from io.KeysDown. ImGui 1.86's GLFW backend indexes KeysDown by
// GLFW key code, so these are GLFW's values (letters and digits equal their upper-case ASCII
// codes); named here so that the UI and the headless tests need no GLFW header. The platform
// layer checks at compile time that each one equals its GLFW_KEY_ constant.

namespace roofline::key {

inline constexpr int space = 32;
inline constexpr int minus = 45;  // '-'
inline constexpr int digit_0 = 48;
inline constexpr int digit_1 = 49;
inline constexpr int digit_9 = 57;
inline constexpr int equal = 61;  // '='
inline constexpr int c = 67;
inline constexpr int d = 68;
inline constexpr int e = 69;
inline constexpr int g = 71;
inline constexpr int i = 73;
inline constexpr int o = 79;
inline constexpr int q = 81;
inline constexpr int s = 83;
inline constexpr int y = 89;
inline constexpr int z = 90;
inline constexpr int escape = 256;
inline constexpr int enter = 257;
inline constexpr int tab = 258;
inline constexpr int right = 262;
inline constexpr int left = 263;
inline constexpr int down = 264;
inline constexpr int up = 265;
inline constexpr int page_up = 266;
inline constexpr int page_down = 267;
inline constexpr int home = 268;
inline constexpr int f11 = 300;
inline constexpr int f12 = 301;
inline constexpr int keypad_subtract = 333;
inline constexpr int keypad_add = 334;

}  // namespace roofline::key
