// Query keys of the events resource. Fetchers and options arrive with the events feature; the
// keys exist now because logout already clears the events chosen for the signed-in user.
export const eventQueries = {
  all: () => ["events"] as const,
  lists: () => [...eventQueries.all(), "list"] as const,
  forYou: () => [...eventQueries.all(), "for-you"] as const,
  detail: (id: string) => [...eventQueries.all(), "detail", id] as const,
};
