"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { flattenPages } from "@/lib/api/content";
import { communityQueries } from "@/lib/api/communities";
import { SelectField } from "@/components/ui/select-field";

/**
 * «Comunidad»: publish in the name of a community the person belongs to, or in their own. The
 * item's current community stays choosable even when the person is no longer a member (else
 * opening the form would silently move the item).
 */
export function CommunitySelect({
  value,
  onChange,
  error,
  current,
}: {
  value: string;
  onChange: (communityId: string) => void;
  error: string | null;
  current?: { _id: string; name: string } | null;
}) {
  const communities = useInfiniteQuery(communityQueries.mineQuery());
  const mine = flattenPages(communities.data).filter((c) => c.myRole !== null);
  const kept = current ?? (value ? { _id: value, name: "Comunidad actual" } : null);
  return (
    <SelectField label="Comunidad" value={value} onChange={(e) => onChange(e.target.value)} error={error} hint="Publica a nombre de una comunidad de la que eres parte.">
      <option value="">Ninguna (a mi nombre)</option>
      {kept && !mine.some((c) => c._id === kept._id) ? <option value={kept._id}>{kept.name}</option> : null}
      {mine.map((c) => (
        <option key={c._id} value={c._id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}
