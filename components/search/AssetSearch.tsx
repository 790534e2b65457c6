"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { isSelector, SELECTOR_CHARACTERS, SELECTOR_MAX_LENGTH } from "@/lib/assets/selector-syntax";

/** What the lookup accepts: a symbol, a CoinGecko id or a DefiLlama id, as `q` and the pages do. */
export function validateAssetQuery(
  raw: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const value = raw.trim();
  if (value === "") return { ok: false, error: "Enter a stablecoin symbol or id, e.g. USDC." };
  // The API's own selector syntax: every selector a route accepts, the lookup accepts.
  if (!isSelector(value)) {
    return {
      ok: false,
      error: `Use up to ${SELECTOR_MAX_LENGTH} ${SELECTOR_CHARACTERS} (a symbol like USDC or USD+, or an id like usd-coin).`,
    };
  }
  return { ok: true, value };
}

/** Where the lookup leads for an accepted query: the coin's page (the proxy redirects any spelling to its canonical path). */
export const lookupPath = (value: string): string =>
  `/stablecoins/${encodeURIComponent(value.toLowerCase())}`;

/** Search box leading to `/stablecoins/<asset>`; `suggestions` feed a native datalist. */
export function AssetSearch({ suggestions = [] }: { suggestions?: readonly string[] }) {
  const router = useRouter();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const listId = `${id}-list`;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = validateAssetQuery(value);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    router.push(lookupPath(result.value));
  }

  return (
    <form role="search" onSubmit={onSubmit} noValidate className="w-full max-w-md">
      <label
        htmlFor={`${id}-input`}
        className="block text-xs font-medium text-slate-600 dark:text-slate-300"
      >
        Look up a stablecoin
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-input`}
          name="asset"
          type="text"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (error) setError(null);
          }}
          placeholder="Symbol or id, e.g. USDC"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={80}
          list={suggestions.length > 0 ? listId : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="submit"
          className="h-9 rounded-md bg-sky-700 px-4 text-sm font-medium text-white hover:bg-sky-800 dark:bg-sky-600 dark:hover:bg-sky-500"
        >
          Go
        </button>
      </div>
      {suggestions.length > 0 ? (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
