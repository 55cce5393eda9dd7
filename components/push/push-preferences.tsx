"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PUSH_GROUP_LABELS, PUSH_GROUPS, type PushGroup, type PushPreferences } from "@/lib/schemas/push";
import { errorMessage } from "@/lib/api/errors";
import { pushQueries, savePushPreferences } from "@/lib/api/push";
import { FormAlert } from "@/components/ui/form-alert";
import styles from "./push.module.css";

/** Which kinds of notification arrive as push; each box saves when it changes. */
export function PushPreferencesForm() {
  const queryClient = useQueryClient();
  const key = pushQueries.preferences().queryKey;
  const preferences = useQuery(pushQueries.preferences());
  // What the boxes were just set to, kept in React state until their save settles: a controlled
  // checkbox whose state has not changed by the end of its own change event is put back by React
  // (the query cache tells its readers a tick later), so the tap looked lost. The cache takes the
  // server's answer; a refusal leaves it as it was, so the box goes back by itself.
  const [tapped, setTapped] = useState<Partial<PushPreferences>>({});
  const save = useMutation({
    mutationFn: (change: Partial<PushPreferences>) => savePushPreferences(change),
    // A read already under way must not land after the save with the older value.
    onMutate: () => queryClient.cancelQueries({ queryKey: key }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onSettled: (_data, _error, change) =>
      // A later tap on the same box keeps its own state until its own save settles.
      setTapped((current) => Object.fromEntries(Object.entries(current).filter(([group, value]) => change[group as PushGroup] !== value))),
  });

  const values = preferences.data;
  return (
    <fieldset className={styles.groups} disabled={!values}>
      <legend>Qué quieres recibir como notificación push</legend>
      {PUSH_GROUPS.map((group: PushGroup) => (
        <label key={group} className={styles.choice}>
          <input
            type="checkbox"
            name={`push-${group}`}
            checked={tapped[group] ?? values?.[group] ?? true}
            onChange={(event) => {
              if (!values) return;
              const change = { [group]: event.target.checked };
              setTapped((current) => ({ ...current, ...change }));
              save.mutate(change);
            }}
          />
          {PUSH_GROUP_LABELS[group]}
        </label>
      ))}
      <FormAlert message={save.isError ? errorMessage(save.error) : preferences.isError ? errorMessage(preferences.error) : null} />
    </fieldset>
  );
}
