import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE_SCHEMA, loadAll } from 'js-yaml';
import { loadConfig } from '../src/config.js';
import { allowedHosts, isAllowedHost } from '../src/domain/allowed-hosts.js';

// deploy/ (issue 14, past one machine): the nginx sharding rules run for real in deploy/test/run.sh; these
// keep the Kubernetes example in step with them and with itself, without a cluster: the ConfigMap carries
// deploy/nginx's rules verbatim, the upstream names one Service per replica, and the replicas' settings are
// a configuration rentalsim accepts, whose public URL is the front's address.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface K8sObject {
  kind: string;
  metadata: { name: string; namespace?: string };
  [field: string]: unknown;
}
interface Container {
  name: string;
  image: string;
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  ports?: { name: string; containerPort: number }[];
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  volumes?: { name: string; configMap?: { name: string } }[];
  securityContext?: { runAsUser?: number; runAsNonRoot?: boolean; fsGroup?: number };
}
interface VolumeClaim {
  metadata: { name: string };
  spec: { accessModes: string[]; resources: { requests: { storage: string } } };
}
interface Workload extends K8sObject {
  spec: {
    replicas: number;
    serviceName?: string;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
    volumeClaimTemplates?: VolumeClaim[];
  };
}
interface Service extends K8sObject {
  spec: { clusterIP?: string; selector: Record<string, string>; ports: { port: number; targetPort: string | number }[] };
}
interface ConfigMap extends K8sObject {
  data: Record<string, string>;
}

// loadAll throws on any document that is not YAML, which fails this file with the parser's message.
const objects = loadAll(read('deploy/k8s/rentalsim.yaml'), undefined, { schema: CORE_SCHEMA }) as K8sObject[];
const named = <T extends K8sObject>(kind: string, name: string): T => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`deploy/k8s/rentalsim.yaml has no ${kind} ${name}`);
  return found as T;
};

const replicas = named<Workload>('StatefulSet', 'rentalsim');
const front = named<Workload>('Deployment', 'rentalsim-front');
const frontService = named<Service>('Service', 'rentalsim');
const frontConfig = named<ConfigMap>('ConfigMap', 'rentalsim-front');
const namespace = named<K8sObject>('Namespace', 'rentalsim').metadata.name;
const replicaContainer = replicas.spec.template.spec.containers[0]!;

/** The `upstream rentalsim_replicas { ... }` block of an nginx configuration: its hash and server lines. */
function upstreamOf(conf: string): { hash: string | undefined; servers: { address: string; params: string[] }[] } {
  const block = /upstream\s+rentalsim_replicas\s*\{([^}]*)\}/.exec(conf)?.[1];
  if (block === undefined) throw new Error('no upstream rentalsim_replicas block');
  const lines = block
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
  return {
    hash: lines.find((l) => l.startsWith('hash '))?.replace(/;$/, ''),
    servers: lines
      .filter((l) => l.startsWith('server '))
      .map((l) => {
        const [, address = '', ...params] = l.replace(/;$/, '').split(/\s+/);
        return { address, params };
      }),
  };
}

/** A Kubernetes quantity of bytes (`1Gi`, `800Mi`, `5G`, `1073741824`) as a number of bytes. */
function bytesOf(quantity: string): number {
  const [, digits = '', unit = ''] = /^(\d+)([KMGT]i?)?$/.exec(quantity) ?? [];
  if (digits === '') throw new Error(`not a quantity of bytes: ${quantity}`);
  const powers: Record<string, number> = { '': 1, K: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };
  return Number(digits) * powers[unit]!;
}

/** The settings rentalsim reads from a container's environment (a secret stands in as "from-secret"). */
function envOf(container: Container): Record<string, string> {
  return Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value ?? (e.valueFrom ? 'from-secret' : '')]));
}

describe('deploy/k8s/rentalsim.yaml', () => {
  it('is YAML that parses, one Kubernetes object per document, all in the rentalsim namespace', () => {
    expect(objects.length).toBeGreaterThan(1);
    for (const o of objects) {
      expect(o.kind, JSON.stringify(o).slice(0, 80)).toMatch(/^[A-Z]\w+$/);
      if (o.kind !== 'Namespace') expect(o.metadata.namespace, `${o.kind} ${o.metadata.name}`).toBe(namespace);
    }
    expect(objects.map((o) => o.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'Namespace',
      'Secret',
      'Service',
      'Service',
      'Service',
      'Service',
      'StatefulSet',
    ]);
  });

  it("carries deploy/nginx's sharding rules and proxy settings verbatim in the front's ConfigMap", () => {
    for (const file of ['rentalsim-sharding.inc', 'rentalsim-proxy.inc']) {
      const why = `the ConfigMap's ${file} differs from deploy/nginx/${file}: copy it in (its comment says how)`;
      expect(frontConfig.data[file], why).toBe(read(`deploy/nginx/${file}`));
    }
    const conf = frontConfig.data['default.conf']!;
    expect(conf).toContain('include conf.d/rentalsim-sharding.inc;');
    expect(conf).toContain('include conf.d/rentalsim-proxy.inc;');
  });

  it('names each replica once in the upstream, by a Service that selects that one pod, hashing on the consumer key', () => {
    const upstream = upstreamOf(frontConfig.data['default.conf']!);
    expect(upstream.hash).toBe('hash $rentalsim_consumer consistent');
    const wanted = Array.from({ length: replicas.spec.replicas }, (_, i) => `${replicas.metadata.name}-${i}`);
    expect(upstream.servers.map((s) => s.address)).toEqual(
      wanted.map((pod) => {
        const service = named<Service>('Service', pod);
        expect(service.spec.selector).toEqual({ 'statefulset.kubernetes.io/pod-name': pod });
        return `${pod}.${namespace}.svc.cluster.local:${service.spec.ports[0]!.port}`;
      }),
    );
    for (const s of upstream.servers) expect(s.params).toContain('max_fails=0');
  });

  it("starts the replicas with a configuration rentalsim accepts: open mode, the front's address as public URL", () => {
    const config = loadConfig(envOf(replicaContainer), []);
    const port = frontService.spec.ports[0]!.port;
    expect(config.publicUrl).toBe(`http://${frontService.metadata.name}.${namespace}.svc.cluster.local${port === 80 ? '' : `:${port}`}`);
    expect(config.openPrefix).toBe('ci-');
    expect(config.host).toBe('0.0.0.0');
    // The admin API and login page answer to the front's name and to each replica's Service.
    const hosts = allowedHosts({ allowedHosts: config.allowedHosts, publicUrl: config.publicUrl, listenHost: config.host });
    for (const name of [new URL(config.publicUrl!).host, ...upstreamOf(frontConfig.data['default.conf']!).servers.map((s) => s.address)]) {
      expect(isAllowedHost(hosts, name), name).toBe(true);
    }
    expect(replicaContainer.ports?.[0]?.containerPort).toBe(config.port);
    expect(named<Service>('Service', replicas.spec.serviceName!).spec.clusterIP).toBe('None');
  });

  it('gives each replica a disk of its own: a volume claim per replica mounted where its data folder is, writable by uid 1000', () => {
    const config = loadConfig(envOf(replicaContainer), []);
    expect(config.dataDir).toBe('/data');
    const mount = replicaContainer.volumeMounts?.find((m) => m.mountPath === config.dataDir);
    expect(mount, `no volume mounted at ${config.dataDir}`).toBeDefined();
    // The mount names a claim template (a claim per pod, data-rentalsim-N), not a volume the pods share.
    const claim = replicas.spec.volumeClaimTemplates?.find((t) => t.metadata.name === mount!.name);
    expect(claim, `no volumeClaimTemplate named ${mount!.name}`).toBeDefined();
    expect(replicas.spec.template.spec.volumes?.some((v) => v.name === mount!.name) ?? false).toBe(false);
    // One simulator per folder: it locks it.
    expect(claim!.spec.accessModes).toEqual(['ReadWriteOnce']);
    // The data-dir budget a bit under the disk, so a full folder answers 507 before the disk is full.
    const disk = bytesOf(claim!.spec.resources.requests.storage);
    expect(config.dataDirBudget).toBeLessThan(disk);
    expect(config.dataDirBudget).toBeGreaterThan(0.7 * disk);
    // The image runs as node (uid 1000); a fresh volume belongs to root, and fsGroup lets the simulator write it.
    const security = replicas.spec.template.spec.securityContext;
    expect(security).toMatchObject({ runAsUser: 1000, runAsNonRoot: true, fsGroup: 1000 });
  });

  it('wires the front: its Service selects its pods, its pods mount the ConfigMap as conf.d and listen where default.conf says', () => {
    expect(frontService.spec.selector).toEqual(front.spec.template.metadata.labels);
    expect(front.spec.selector.matchLabels).toEqual(front.spec.template.metadata.labels);
    const nginx = front.spec.template.spec.containers[0]!;
    const volume = front.spec.template.spec.volumes?.find((v) => v.configMap?.name === frontConfig.metadata.name);
    expect(nginx.volumeMounts).toContainEqual(expect.objectContaining({ name: volume?.name, mountPath: '/etc/nginx/conf.d' }));
    const listen = /listen\s+(\d+);/.exec(frontConfig.data['default.conf']!)?.[1];
    expect(nginx.ports?.[0]?.containerPort).toBe(Number(listen));
  });
});

describe('deploy/nginx/nginx.conf', () => {
  it('hashes on the consumer key over replicas that are never skipped, and includes the shared rules', () => {
    const conf = read('deploy/nginx/nginx.conf');
    const upstream = upstreamOf(conf);
    expect(upstream.hash).toBe('hash $rentalsim_consumer consistent');
    expect(upstream.servers).toHaveLength(2);
    for (const s of upstream.servers) expect(s.params).toContain('max_fails=0');
    expect(conf).toContain('include rentalsim-sharding.inc;');
    expect(conf).toContain('include rentalsim-proxy.inc;');
  });
});
