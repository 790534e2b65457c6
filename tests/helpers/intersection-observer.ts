/**
 * A fake IntersectionObserver for jsdom component tests: `install()` before rendering, then
 * `nearViewport()` tells every observer its element came into view; `observed()` counts
 * the observers made.
 */
import { act } from "@testing-library/react";

type Callback = (entries: { isIntersecting: boolean }[]) => void;

export function fakeIntersectionObserver() {
  const observers: Callback[] = [];
  const install = () => {
    observers.length = 0;
    Object.defineProperty(window, "IntersectionObserver", {
      configurable: true,
      writable: true,
      value: class {
        constructor(cb: Callback) {
          observers.push(cb);
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
  };
  const nearViewport = () => act(() => observers.forEach((cb) => cb([{ isIntersecting: true }])));
  return { install, nearViewport, observed: () => observers.length };
}
