import { Select } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchAirports } from "./airportMatch";
import { useAirports } from "./referenceQueries";

interface AirportSelectProps {
  value?: string;
  onChange?: (code: string | undefined) => void;
  placeholder: string;
  testId: string;
  id?: string;
}

/** An airport by IATA code, city or name, over the whole airport list. */
export function AirportSelect({ value, onChange, placeholder, testId, id }: AirportSelectProps) {
  const { t } = useTranslation();
  const airports = useAirports();
  const [query, setQuery] = useState("");
  const options = useMemo(() => {
    const list = airports.data ?? [];
    const matches = matchAirports(list, query);
    const selected = value ? list.find((airport) => airport.iata === value) : undefined;
    if (selected && !matches.includes(selected)) matches.unshift(selected);
    return matches.map((airport) => ({
      value: airport.iata,
      label: `${airport.iata} · ${airport.city}`,
      title: `${airport.name}, ${airport.city}, ${airport.country}`,
      description: airport.name,
    }));
  }, [airports.data, query, value]);

  return (
    <Select
      id={id}
      data-testid={testId}
      showSearch
      allowClear
      value={value}
      placeholder={placeholder}
      filterOption={false}
      onSearch={setQuery}
      onChange={(code) => onChange?.(code)}
      loading={airports.isPending}
      status={airports.isError ? "error" : undefined}
      notFoundContent={airports.isError ? t("booking.search.airportsUnavailable") : query ? t("booking.search.noAirport") : t("booking.search.typeAirport")}
      options={options}
      optionRender={(option) => (
        <div>
          <strong>{option.data.label}</strong>
          <div style={{ fontSize: 12, opacity: 0.7 }}>{option.data.description}</div>
        </div>
      )}
      style={{ width: "100%" }}
    />
  );
}
