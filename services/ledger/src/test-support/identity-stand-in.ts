/**
 * Test support: a stand-in identity service whose client keeps the staff audit log as a list (the ledger records
 * staff reads of the bank's tenant through it, tenant-access.ts). Never imported by runtime code.
 */
import type { IdentityDirectoryApi, StaffAccessRecord } from '@tessera/contracts';
import { defineService } from '@tessera/platform';

/** The stand-in identity service and the audit records it was handed. */
export function identityStandIn() {
  const audit: StaffAccessRecord[] = [];
  const directory: IdentityDirectoryApi = {
    emailCustomer: () => Promise.resolve(),
    lookupCustomerByEmail: () => Promise.resolve(null),
    getContact: () => Promise.resolve(null),
    recordStaffAccess: (record) => {
      audit.push(record);
      return Promise.resolve();
    },
  };
  const service = defineService({
    name: 'identity',
    schema: 'identity_directory_stub',
    prefix: '/api/identity-directory-stub',
    migrations: {},
    createClient: async () => directory,
    async plugin() {},
  });
  return { service, audit };
}
