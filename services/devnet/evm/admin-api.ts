import {
  InvalidArgumentError,
  gorillaMethod,
  type GorillaService,
} from '../../runtime/gorilla-rpc/endpoint.ts';
import { field } from '../../runtime/gorilla-rpc/go-json.ts';
import { DomainError } from '../../runtime/errors.ts';

/** libevm's log levels (LvlFromString), as `admin.setLogLevel` accepts them. */
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'crit'];

/**
 * coreth's `admin` service (`/ext/bc/C/admin`, served when its config says `admin-api-enabled`; the devnet always
 * serves it): the profilers (which a node writes to its performance directory; the devnet writes nothing, but
 * keeps the CPU profiler's state and its errors), the EVM log level, and the VM's config.
 */
export function adminApi(vmConfig: Record<string, unknown>): GorillaService {
  let cpuProfiling = false;
  let logLevel = 'info';
  const empty = () => Promise.resolve({});
  return {
    name: 'admin',
    methods: {
      startCPUProfiler: gorillaMethod(
        () => undefined,
        () => {
          if (cpuProfiling) throw new DomainError('failed_precondition', 'cpu profiler already running');
          cpuProfiling = true;
          return empty();
        },
      ),
      stopCPUProfiler: gorillaMethod(
        () => undefined,
        () => {
          if (!cpuProfiling) throw new DomainError('failed_precondition', "cpu profiler doesn't exist");
          cpuProfiling = false;
          return empty();
        },
      ),
      memoryProfile: gorillaMethod(() => undefined, empty),
      lockProfile: gorillaMethod(() => undefined, empty),
      setLogLevel: gorillaMethod(
        (p) => {
          const level = field(p, 'level') ?? '';
          if (typeof level !== 'string') throw new InvalidArgumentError('level must be a string');
          return level;
        },
        (level) => {
          if (!LOG_LEVELS.includes(level))
            throw new DomainError('invalid_argument', `failed to parse log level: unknown level: ${level} `);
          logLevel = level;
          return empty();
        },
      ),
      getVMConfig: gorillaMethod(
        () => undefined,
        () => Promise.resolve({ config: { ...vmConfig, 'log-level': logLevel } }),
      ),
    },
  };
}
