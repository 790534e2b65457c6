"use client";

import { useCallback, useState } from "react";

/**
 * `[ref, near]`: `near` turns true (and stays true) once the element comes within `rootMargin`
 * of the viewport, so heavy client-only content below the fold (charts) mounts when it is about
 * to be seen instead of competing with hydration. Without IntersectionObserver: true at once.
 */
export function useNearViewport<T extends Element>(rootMargin = "300px") {
  const [near, setNear] = useState(false);
  const ref = useCallback(
    (el: T | null) => {
      if (!el || near) return;
      if (typeof IntersectionObserver === "undefined") {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin },
      );
      observer.observe(el);
      return () => observer.disconnect();
    },
    [near, rootMargin],
  );
  return [ref, near] as const;
}
