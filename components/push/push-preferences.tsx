"use client";

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
  // The box's new state is written to the cache inside the change event, not in onMutate (which
  // runs a tick later): a controlled checkbox whose state does not change during its own event
  // is put back by React, and the click looks lost.
  const save = useMutation({
    mutationFn: ({ change }: { change: Partial<PushPreferences>; previous: PushPreferences }) => savePushPreferences(change),
    onMutate: () => queryClient.cancelQueries({ queryKey: key }),
    onError: (_error, { previous }) => queryClient.setQueryData(key, previous),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
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
            checked={values?.[group] ?? true}
            onChange={(event) => {
              if (!values) return;
              const change = { [group]: event.target.checked };
              queryClient.setQueryData(key, { ...values, ...change });
              save.mutate({ change, previous: values });
            }}
          />
          {PUSH_GROUP_LABELS[group]}
        </label>
      ))}
      <FormAlert message={save.isError ? errorMessage(save.error) : preferences.isError ? errorMessage(preferences.error) : null} />
    </fieldset>
  );
}
