import type { VaultStatus } from '../../../../shared/ipc/settings';

/** How the key is kept on this computer; keeping it in memory only is said loudly. */
export function VaultNotice({ vault }: { vault: VaultStatus }) {
  if (vault.kind === 'memory-only') {
    return (
      <div className="notice notice-warning" role="alert" data-testid="vault-status">
        <p className="notice-title">The key is kept in memory only</p>
        <p>{vault.warning}</p>
        <p className="notice-hint">You will have to set the key again after Wordbench restarts.</p>
      </div>
    );
  }
  return (
    <p className="muted" data-testid="vault-status">
      {vault.kind === 'encrypted' ? (
        'Stored encrypted by the system keychain.'
      ) : (
        <>
          Stored in a file only your user account can read (owner-only permissions):{' '}
          <code>{vault.path}</code>
        </>
      )}
    </p>
  );
}
