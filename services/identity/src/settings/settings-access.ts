import {
  SecretSettingKeys,
  SettingDefinitions,
  type RequestContext,
  type SettingKey,
} from '@sb/contracts';

export type SettingsCaller = Pick<RequestContext, 'companyId' | 'userId' | 'profile' | 'super'>;

const isAdmin = (caller: SettingsCaller) => caller.profile === 'admin' || caller.super;

/** Who may read a key: platform keys the super user, billing tokens admins, the rest every user. */
export const mayReadSetting = (caller: SettingsCaller, key: SettingKey): boolean => {
  const definition: { scope: string; superOnly?: boolean } = SettingDefinitions[key];
  if (definition.scope === 'platform' || definition.superOnly) return caller.super;
  if (SecretSettingKeys.includes(key)) return isAdmin(caller);
  return true;
};

/** Who may change a key: platform keys the super user, company keys the company's admins. */
export const mayWriteSetting = (caller: SettingsCaller, key: SettingKey): boolean =>
  SettingDefinitions[key].scope === 'platform' ? caller.super : isAdmin(caller);
