"use client";

import { useId, useState } from "react";
import { lookupAddress } from "@/lib/api/addresses";
import { errorMessage } from "@/lib/api/errors";
import type { AddressCandidate } from "@/lib/schemas/addresses";
import { GEOCODER_UNAVAILABLE_MESSAGE } from "@/lib/schemas/addresses";
import { Button } from "@/components/ui/button";

/**
 * Looks an address up through the API's geocoder and hands the chosen candidate to the form.
 * When the service cannot be reached it says so and the person keeps typing by hand.
 */
export function AddressLookup({ onPick }: { onPick: (candidate: AddressCandidate) => void }) {
  const id = useId();
  const [q, setQ] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [results, setResults] = useState<AddressCandidate[]>([]);

  const run = async () => {
    if (q.trim().length < 3) {
      setMessage("Escribe al menos 3 caracteres para buscar.");
      return;
    }
    setBusy(true);
    setMessage(null);
    setResults([]);
    try {
      const found = await lookupAddress(q.trim());
      setResults(found);
      if (found.length === 0) setMessage("No encontramos esa dirección; escríbela a mano abajo.");
    } catch (error) {
      const text = errorMessage(error);
      setMessage(text === "Error inesperado" ? GEOCODER_UNAVAILABLE_MESSAGE : `${text}${text === GEOCODER_UNAVAILABLE_MESSAGE ? "" : " Puedes escribirla a mano abajo."}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="field" role="search" aria-label="Búsqueda de la dirección">
      <label className="field__label" htmlFor={id}>
        Buscar dirección
      </label>
      <div className="actions">
        <input
          id={id}
          className="field__input"
          style={{ flex: 1, minWidth: "12rem" }}
          value={q}
          placeholder="Calle, número y colonia"
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void run();
            }
          }}
          aria-describedby={`${id}-hint`}
        />
        <Button variant="secondary" onClick={() => void run()} disabled={busy}>
          {busy ? "Buscando..." : "Buscar"}
        </Button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        Llena los campos con un resultado, o escribe la dirección a mano.
      </p>
      {message ? (
        <p className="field__hint" role="status">
          {message}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Resultados de la búsqueda">
          {results.map((r, i) => (
            <li key={i}>
              <Button
                variant="ghost"
                onClick={() => {
                  onPick(r);
                  setResults([]);
                  setMessage("Dirección aplicada; revisa los campos.");
                }}
              >
                {r.displayName}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
