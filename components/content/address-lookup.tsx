"use client";

import { useId, useState } from "react";
import { lookupAddress } from "@/lib/api/addresses";
import { errorMessage } from "@/lib/api/errors";
import type { AddressCandidate } from "@/lib/schemas/addresses";
import { GEOCODER_UNAVAILABLE_MESSAGE } from "@/lib/schemas/addresses";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import styles from "./fields.module.css";

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

/** The typed parts of an address, as the form holds them (coordinates as text). */
export interface AddressParts {
  street: string;
  number: string;
  neighbourhood: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  lat: string;
  lng: string;
}

/** The parts a looked-up candidate fills in; what it does not know stays as typed. */
function fromCandidate(typed: AddressParts, c: AddressCandidate): AddressParts {
  return {
    street: c.street ?? typed.street,
    number: c.number ?? typed.number,
    neighbourhood: c.neighbourhood ?? typed.neighbourhood,
    city: c.city ?? typed.city,
    state: c.state ?? typed.state,
    postalCode: c.postalCode ?? typed.postalCode,
    country: c.country ?? typed.country,
    lat: String(c.lat),
    lng: String(c.lng),
  };
}

/**
 * The lookup and the street, number, neighbourhood, postal code, city and state fields of an
 * address (a place's or a saved one). `errorPrefix` is where the payload keeps the address
 * ("address." for a place); `required` marks street, city and state.
 */
export function AddressFields({
  value,
  onChange,
  err,
  errorPrefix = "",
  required = false,
}: {
  value: AddressParts;
  onChange: (parts: Partial<AddressParts>) => void;
  err: (key: string) => string | null;
  errorPrefix?: string;
  required?: boolean;
}) {
  const field = (key: keyof AddressParts, label: string, extra: { inputMode?: "numeric"; required?: boolean } = {}) => (
    <TextField label={label} value={value[key]} onChange={(e) => onChange({ [key]: e.target.value })} error={err(`${errorPrefix}${key}`)} {...extra} />
  );
  return (
    <>
      <AddressLookup onPick={(c) => onChange(fromCandidate(value, c))} />
      <div className={styles.row}>
        {field("street", "Calle", { required })}
        {field("number", "Número")}
      </div>
      <div className={styles.row}>
        {field("neighbourhood", "Colonia")}
        {field("postalCode", "Código postal", { inputMode: "numeric" })}
      </div>
      <div className={styles.row}>
        {field("city", "Ciudad", { required })}
        {field("state", "Estado", { required })}
      </div>
    </>
  );
}
