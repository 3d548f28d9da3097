// Home Assistant's device_class and state_class for a daily value. A device class is given
// only when the unit is one Home Assistant accepts for it (its DEVICE_CLASS_UNITS in
// homeassistant/components/sensor/const.py), or it logs an error and drops the entity; heart
// rate, HRV, SpO2, steps and scores have no device class there, and get none. The state class
// says how long-term statistics read the value:
// - total_increasing for a value counted up over a day (the API gives it a `_total` twin:
//   steps, active energy, distance): a lower value the next day reads as a new count, the
//   meter's reset at midnight;
// - measurement for a level read off once or averaged (weight, resting heart rate).
// Energy takes only total or total_increasing in Home Assistant (DEVICE_CLASS_STATE_CLASSES).

export interface HaClasses {
  device_class?: string;
  state_class: 'measurement' | 'total_increasing';
}

const UNITS: Readonly<Record<string, readonly string[]>> = {
  weight: ['kg', 'g', 'mg', 'µg', 'oz', 'lb', 'st'],
  distance: ['km', 'm', 'cm', 'mm', 'mi', 'yd', 'in', 'ft'],
  // Not ms: HRV in ms is a variability, shown as a number, not a span of time.
  duration: ['d', 'h', 'min', 's'],
  energy: ['kcal', 'cal', 'kJ', 'J', 'kWh', 'Wh'],
  temperature: ['°C', '°F', 'K'],
  speed: ['km/h', 'm/s', 'mph', 'ft/s', 'kn'],
  blood_glucose_concentration: ['mg/dL', 'mmol/L'],
};

function deviceClassOf(metric: string, unit: string | null): string | undefined {
  if (unit === null) return undefined;
  // A temperature *difference* (body_temperature_delta) must not be converted as a
  // temperature: +1 °C is +1.8 °F, not 33.8 °F.
  if (/delta|change|diff/i.test(metric)) return undefined;
  for (const [deviceClass, units] of Object.entries(UNITS)) {
    if (units.includes(unit)) return deviceClass;
  }
  return undefined;
}

/** `counted`: the series takes its daily value from a `_total` twin (src/daily/rule.ts). */
export function haClasses(metric: string, unit: string | null, counted: boolean): HaClasses {
  const deviceClass = deviceClassOf(metric, unit);
  const stateClass = counted || deviceClass === 'energy' ? 'total_increasing' : 'measurement';
  return { ...(deviceClass ? { device_class: deviceClass } : {}), state_class: stateClass };
}
