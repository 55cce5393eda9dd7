import { z } from "zod";
import { COMMUNITY_ROLE_TEXT } from "./labels";
import { contentMetaSchema, entityIdSchema, optionalText, requiredText, userSummarySchema, visibilitySchema } from "./content";
import { pageQuerySchema } from "./pagination";

// Communities: groups that publish events and news together. Members have a role: owner (at
// least one, cannot be removed), admin (edits the community and its content, manages members)
// or member. Anyone signed in may join or leave.

export const COMMUNITY_ROLES = ["owner", "admin", "member"] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];
export const COMMUNITY_ROLE_LABELS: Record<CommunityRole, string> = COMMUNITY_ROLE_TEXT;

export const communitySchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    membersCount: z.number().int(),
    upcomingEventsCount: z.number().int(),
    /** The viewer's role, or null when not a member (or signed out). */
    myRole: z.enum(COMMUNITY_ROLES).nullable(),
  })
  .extend(contentMetaSchema.shape);
export type Community = z.infer<typeof communitySchema>;

/** A community in a list: its card; the description is on its page. */
export const communityListItemSchema = communitySchema.omit({ description: true });
export type CommunityListItem = z.infer<typeof communityListItemSchema>;

const communityObject = z
  .object({
    name: requiredText("El nombre", 100, 3),
    description: optionalText("La descripción", 5000),
  })
  .strict();
export const communityPayloadSchema = communityObject;
export type CommunityPayload = z.infer<typeof communityPayloadSchema>;
export const communityUpdatePayloadSchema = communityObject.partial().strict();

export const communityMemberSchema = z.object({
  user: userSummarySchema,
  role: z.enum(COMMUNITY_ROLES),
  joinedAt: z.string(),
});
export type CommunityMember = z.infer<typeof communityMemberSchema>;

const roleSchema = z.enum(COMMUNITY_ROLES, { error: "El rol debe ser owner, admin o member." });

export const addMemberPayloadSchema = z
  .object({
    userId: entityIdSchema,
    role: roleSchema.optional(),
  })
  .strict();
export const changeMemberRolePayloadSchema = z.object({ role: roleSchema }).strict();
export const memberParamsSchema = z.object({ id: entityIdSchema, userId: entityIdSchema }).strict();

export const communityListQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    visibility: visibilitySchema.optional(),
    featured: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
    /** The communities a person belongs to (memberships are public, like the members list). */
    memberId: entityIdSchema.optional(),
  })
  .strict();
