-- The version of the consent form's wording a guardian signed (src/lib/consent.ts, CONSENT_FORM_VERSION; the form is
-- printed from the child's record in Kiswahili and English side by side), as every other consent record keeps the
-- wording it was given under. Consents recorded before the printed form existed have none.
alter table child_consents add column wording_version text not null default '';
