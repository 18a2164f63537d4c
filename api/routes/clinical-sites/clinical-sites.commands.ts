import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';

import { defineCommand } from '#api/commands/command.ts';
import { invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { clinicalSiteSchema, siteEmailSchema } from '#schema/clinical-site.ts';
import { byId, optionalText, patchOf, updateOf } from '#schema/common.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

/**
 * A site as stored, whichever of the three forms created it: the part-1 fields, where city, state, ZIP code and
 * contact title may be missing because the part-2 forms do not ask for all of them.
 */
const siteRecordSchema = clinicalSiteSchema.extend({
  city: optionalText(100),
  state: optionalText(50),
  zipCode: optionalText(20),
  contactTitle: optionalText(100),
});
export type SiteRecord = z.infer<typeof siteRecordSchema>;

const { id: _id, ...editableSiteFields } = clinicalSiteSchema.shape;
/** The part-1 edit form; a field left out keeps its stored value. */
const siteUpdateSchema = patchOf(editableSiteFields);

export const createClinicalSite = defineCommand({
  name: 'createClinicalSite',
  args: siteRecordSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'sites.manage');
    return ctx.insert(t.clinicalSites, args);
  },
});

export const updateClinicalSite = defineCommand({
  name: 'updateClinicalSite',
  args: updateOf(siteUpdateSchema),
  apply(ctx, { id, changes }) {
    assertCan(ctx.actor, 'sites.manage');
    return ctx.update(t.clinicalSites, ctx.get(t.clinicalSites, id, 'Clinical site'), changes);
  },
});

/** Retires a site with its e-mail addresses; hours logged and requests filed there stay as evidence. */
export const deleteClinicalSite = defineCommand({
  name: 'deleteClinicalSite',
  args: byId,
  apply(ctx, { id }) {
    assertCan(ctx.actor, 'sites.manage');
    const site = ctx.get(t.clinicalSites, id, 'Clinical site');
    for (const e of ctx.tx
      .select()
      .from(t.siteEmails)
      .where(and(eq(t.siteEmails.clinicalSiteId, id), isNull(t.siteEmails.deletedAt)))
      .all()) {
      ctx.remove(t.siteEmails, e);
    }
    ctx.remove(t.clinicalSites, site);
    return { id };
  },
});

export const addSiteEmail = defineCommand({
  name: 'addSiteEmail',
  args: siteEmailSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'sites.manage');
    if (!ctx.find(t.clinicalSites, args.clinicalSiteId)) throw invalid({ clinicalSiteId: MSG.selectClinicalSite });
    return ctx.insert(t.siteEmails, args);
  },
});

/** `clinicalSiteId`, when given, must be the address's site (the REST path names both). */
export const removeSiteEmail = defineCommand({
  name: 'removeSiteEmail',
  args: z.object({ id: z.string(), clinicalSiteId: z.string().optional() }),
  apply(ctx, { id, clinicalSiteId }) {
    assertCan(ctx.actor, 'sites.manage');
    const row = ctx.get(t.siteEmails, id, 'Site email');
    if (clinicalSiteId && row.clinicalSiteId !== clinicalSiteId) throw notFound('Site email');
    ctx.remove(t.siteEmails, row);
    return { id };
  },
});

export const clinicalSiteCommands = [
  createClinicalSite,
  updateClinicalSite,
  deleteClinicalSite,
  addSiteEmail,
  removeSiteEmail,
];
