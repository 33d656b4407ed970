import { CHROMIUM, ensureChromium, INSTALL_COMMAND, MISSING_MESSAGE, type ChromiumDeps } from './ensureChromium';

function fakeDeps(o: { present: boolean; root: boolean; aptGet?: boolean; installWorks?: boolean }) {
  let present = o.present;
  const commands: string[] = [];
  const lines: string[] = [];
  const deps: ChromiumDeps = {
    exists: (file) => file === CHROMIUM && present,
    isRoot: () => o.root,
    hasAptGet: () => o.aptGet ?? true,
    run: (command) => {
      commands.push(command);
      if (o.installWorks ?? true) present = true;
      return o.installWorks ?? true;
    },
    log: (line) => lines.push(line),
  };
  return { deps, commands, lines };
}

describe('npm test makes sure Debian Chromium is at /usr/bin/chromium before jest', () => {
  it('does nothing when chromium is there', () => {
    const f = fakeDeps({ present: true, root: false });
    expect(ensureChromium(f.deps)).toBe('present');
    expect(f.commands).toEqual([]);
    expect(f.lines).toEqual([]);
  });

  it('installs it with apt-get when running as root', () => {
    const f = fakeDeps({ present: false, root: true });
    expect(ensureChromium(f.deps)).toBe('installed');
    expect(f.commands).toEqual([INSTALL_COMMAND]);
    expect(INSTALL_COMMAND).toContain('apt-get install -y -qq chromium');
  });

  it('stops with one line saying what to run when not root', () => {
    const f = fakeDeps({ present: false, root: false });
    expect(ensureChromium(f.deps)).toBe('missing');
    expect(f.commands).toEqual([]);
    expect(f.lines).toEqual([MISSING_MESSAGE]);
    expect(MISSING_MESSAGE).toContain('sudo apt-get install chromium');
  });

  it('stops the same way as root without apt-get', () => {
    const f = fakeDeps({ present: false, root: true, aptGet: false });
    expect(ensureChromium(f.deps)).toBe('missing');
    expect(f.commands).toEqual([]);
    expect(f.lines).toEqual([MISSING_MESSAGE]);
  });

  it('reports a failed install instead of letting the browser tests fail later', () => {
    const f = fakeDeps({ present: false, root: true, installWorks: false });
    expect(ensureChromium(f.deps)).toBe('missing');
    expect(f.lines.at(-1)).toMatch(/installing chromium failed/);
  });
});
