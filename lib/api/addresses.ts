import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Address, AddressCandidate, AddressPayload, AddressUpdatePayload } from "@/lib/schemas/addresses";
import { apiDelete, apiGet, apiPost, apiPut } from "./client";

// The signed-in user's saved addresses and the geocoder lookup behind the form.

export function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  return apiGet<Address[] | { items: Address[] }>("/addresses", { cache: false, signal }).then((d) => (Array.isArray(d) ? d : d.items));
}

export function fetchAddress(id: string, signal?: AbortSignal): Promise<Address> {
  return apiGet<Address>(`/addresses/${encodeURIComponent(id)}`, { cache: false, signal });
}

export function createAddress(payload: AddressPayload): Promise<Address> {
  return apiPost<Address>("/addresses", payload);
}

export function updateAddress(id: string, payload: AddressUpdatePayload): Promise<Address> {
  return apiPut<Address>(`/addresses/${encodeURIComponent(id)}`, payload);
}

export function deleteAddress(id: string): Promise<unknown> {
  return apiDelete(`/addresses/${encodeURIComponent(id)}`);
}

/** Candidates from the configured geocoder (Nominatim format), through our API. */
export function lookupAddress(q: string, signal?: AbortSignal): Promise<AddressCandidate[]> {
  return apiGet<AddressCandidate[] | { items: AddressCandidate[] }>("/addresses/lookup", { searchParams: { q }, cache: false, signal }).then((d) =>
    Array.isArray(d) ? d : d.items,
  );
}

export const addressQueries = {
  all: () => ["addresses"] as const,
  listKey: () => [...addressQueries.all(), "list"] as const,
  detailKey: (id: string) => [...addressQueries.all(), "detail", id] as const,
  list: () => queryOptions({ queryKey: addressQueries.listKey(), queryFn: ({ signal }) => fetchAddresses(signal) }),
  detail: (id: string) => queryOptions({ queryKey: addressQueries.detailKey(id), queryFn: ({ signal }) => fetchAddress(id, signal) }),
};

export function storeAddress(queryClient: QueryClient, address: Address): void {
  queryClient.setQueryData(addressQueries.detailKey(address._id), address);
  void queryClient.invalidateQueries({ queryKey: addressQueries.listKey() });
  // Addresses steer "Eventos para ti".
  void queryClient.invalidateQueries({ queryKey: ["events", "for-you"] });
}
