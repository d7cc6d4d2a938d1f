/**
 * Towns whose region the build knows by name, where GeoNames' codes do not say it
 * (geonames-regions.ts): per country and GeoNames first-level code, our region -> towns.
 * Every other town of that first-level area takes the region of its nearest anchor, so
 * the anchors are the county towns and the towns along the borders between regions.
 * Names are as in NAME_FIXES' output. build-places.ts fails when one is not found.
 */
export const ANCHORS: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>>> = {
  // GeoNames has only the 4 provinces; we use the 26 counties.
  IE: {
    C: {
      G: ['Galway', 'Tuam', 'Ballinasloe', 'Loughrea', 'Athenry', 'Oranmore', 'Gort', 'Clifden', 'Bearna', 'Moycullen', 'Portumna', 'Oughterard', 'Claregalway'],
      MO: ['Castlebar', 'Ballina', 'Westport', 'Claremorris', 'Ballinrobe', 'Swinford', 'Ballyhaunis', 'Belmullet', 'Kiltamagh', 'Foxford', 'Crossmolina'],
      SO: ['Sligo', 'Tobercurry', 'Ballymote', 'Strandhill', 'Collooney', 'Ballisodare', 'Inishcrone'],
      RN: ['Roscommon', 'Boyle', 'Castlerea', 'Ballaghaderreen'],
      LM: ['Carrick-on-Shannon', 'Manorhamilton', 'Kinlough'],
    },
    L: {
      D: ['Dublin', 'Tallaght', 'Swords', 'Dún Laoghaire', 'Balbriggan', 'Lucan', 'Clondalkin', 'Blanchardstown', 'Malahide', 'Skerries', 'Donabate', 'Lusk', 'Howth', 'Rathcoole', 'Saggart', 'Portmarnock', 'Rush', 'Balrothery', 'Shankill', 'Dalkey', 'Portraine', 'Castleknock', 'Sandyford', 'Firhouse', 'Ballyboden', 'Loughlinstown'],
      KE: ['Naas', 'Newbridge', 'Celbridge', 'Maynooth', 'Leixlip', 'Athy', 'Kildare', 'Clane', 'Kilcock', 'Monasterevin', 'Kilcullen', 'Sallins', 'Prosperous', 'Rathangan', 'Kill', 'Castledermot', 'Derrinturn', 'Athgarvan', 'Moone', 'Eadestown', 'Confey'],
      WW: ['Wicklow', 'Bray', 'Greystones', 'Arklow', 'Blessington', 'Baltinglass', 'Rathnew', 'Newtownmountkennedy', 'Enniskerry', 'Kilcoole', 'Rathdrum', 'Aughrim', 'Carnew', 'Kilpedder', 'Ashford', 'Kilmacanoge', 'Kilquade', 'Valleymount', 'Charlesland'],
      WX: ['Wexford', 'Enniscorthy', 'New Ross', 'Gorey', 'Rosslare', 'Courtown', 'Bunclody', 'Castlebridge', 'Ferns'],
      KK: ['Kilkenny', 'Castlecomer', 'Thomastown', 'Callan', 'Graiguenamanagh', 'Mooncoin', 'Ballyragget', 'Piltown', 'Johnstown'],
      CW: ['Carlow', 'Tullow', 'Bagenalstown'],
      LS: ['Portlaoise', 'Portarlington', 'Mountmellick', 'Abbeyleix', 'Mountrath', 'Stradbally', 'Rathdowney', 'Ballylinan'],
      OY: ['Tullamore', 'Birr', 'Edenderry', 'Clara', 'Banagher', 'Ferbane', 'Daingean'],
      WH: ['Mullingar', 'Athlone', 'Moate', 'Kinnegad', 'Castlepollard', 'Kilbeggan', 'Rochfortbridge'],
      LD: ['Longford', 'Granard', 'Ballymahon', 'Edgeworthstown', 'Lanesborough'],
      LH: ['Dundalk', 'Drogheda', 'Ardee', 'Dunleer', 'Carlingford', 'Clogherhead', 'Termonfeckin', 'Dromiskin', 'Castlebellingham', 'Tullyallen'],
      MH: ['Navan', 'Trim', 'Kells', 'Ashbourne', 'Dunboyne', 'Ratoath', 'Laytown', 'Dunshaughlin', 'Enfield', 'Athboy', 'Duleek', 'Stamullin', 'Slane', 'Oldcastle', 'Longwood', 'Ballivor', 'Kentstown'],
    },
    M: {
      CO: ['Cork', 'Cobh', 'Mallow', 'Midleton', 'Youghal', 'Bandon', 'Fermoy', 'Kinsale', 'Carrigaline', 'Macroom', 'Skibbereen', 'Clonakilty', 'Bantry', 'Mitchelstown', 'Charleville', 'Passage West', 'Carrigtwohill', 'Blarney', 'Kanturk', 'Dunmanway', 'Millstreet', 'Castlemartyr', 'Watergrasshill', 'Rathcormac'],
      KY: ['Tralee', 'Killarney', 'Listowel', 'Kenmare', 'Castleisland', 'Dingle', 'Cahersiveen', 'Killorglin', 'Ballybunnion'],
      LK: ['Limerick', 'Newcastle West', 'Abbeyfeale', 'Kilmallock', 'Rathkeale', 'Castleconnell', 'Annacotty', 'Croom', 'Askeaton', 'Adare', 'Caherconlish', 'Moroe'],
      CE: ['Ennis', 'Shannon', 'Kilrush', 'Sixmilebridge', 'Newmarket on Fergus', 'Killaloe', 'Ardnacrusha'],
      TA: ['Clonmel', 'Nenagh', 'Thurles', 'Carrick-on-Suir', 'Cashel', 'Tipperary', 'Roscrea', 'Cahir', 'Templemore', 'Fethard', 'Nenagh Bridge', 'Ballina'],
      WD: ['Waterford', 'Dungarvan', 'Tramore', 'Dunmore East', 'Portlaw'],
    },
    U: {
      DL: ['Letterkenny', 'Buncrana', 'Ballyshannon', 'Bundoran', 'Donegal', 'Lifford', 'Ballybofey', 'Carndonagh', 'Gweedore', 'Killybegs', 'Dungloe', 'Moville', 'Muff', 'Ramelton', 'Raphoe', 'Convoy', 'Newtown Cunningham'],
      CN: ['Cavan', 'Bailieborough', 'Cootehill', 'Virginia', 'Kingscourt', 'Belturbet', 'Ballyjamesduff', 'Ballyconnell', 'Mullagh'],
      MN: ['Monaghan', 'Carrickmacross', 'Castleblayney', 'Clones'],
    },
  },
  // GeoNames still has the 2020 counties; Norway split three of them again on 1 January 2024.
  NO: {
    // Viken -> Østfold, Akershus, Buskerud (Asker took Røyken and Hurum into Akershus in 2020).
    '30': {
      '31': ['Fredrikstad', 'Sarpsborg', 'Moss', 'Halden', 'Askim', 'Mysen', 'Rakkestad', 'Spydeberg', 'Rygge', 'Skjeberg', 'Karlshus', 'Ørje', 'Larkollen', 'Tomter', 'Skjærhalden', 'Skjønhaug', 'Elvestad', 'Knappstad'],
      '32': ['Asker', 'Sandvika', 'Lillestrøm', 'Ski', 'Jessheim', 'Drøbak', 'Nesoddtangen', 'Råholt', 'Ås', 'Fetsund', 'Kløfta', 'Vestby', 'Jevnaker', 'Sørumsand', 'Årnes', 'Flateby', 'Tofte', 'Sætre', 'Røyken', 'Åros', 'Slemmestad', 'Auli', 'Maura', 'Bjørkelangen', 'Aursmoen', 'Fagerstrand', 'Roa', 'Grua', 'Kolbotn', 'Eidsvoll', 'Rømskog', 'Fjerdingby', 'Hurdal'],
      '33': ['Drammen', 'Kongsberg', 'Hønefoss', 'Tranby', 'Lierbyen', 'Svelvik', 'Mjøndalen', 'Hokksund', 'Vikersund', 'Skoger', 'Hvittingfoss', 'Prestfoss', 'Noresund', 'Rollag', 'Flå', 'Gol', 'Ål', 'Geilo', 'Hol', 'Nesbyen', 'Hemsedal', 'Trøim', 'Lampeland', 'Rødberg'],
    },
    // Vestfold og Telemark -> Vestfold, Telemark.
    '38': {
      '39': ['Tønsberg', 'Sandefjord', 'Larvik', 'Horten', 'Holmestrand', 'Stavern', 'Tjøme', 'Åsgårdstrand', 'Stokke', 'Sande', 'Selvik', 'Sem', 'Skoppum', 'Melsomvik', 'Barkåker', 'Revetal', 'Andebu', 'Borgheim', 'Årøysund'],
      '40': ['Skien', 'Porsgrunn', 'Notodden', 'Kragerø', 'Rjukan', 'Ulefoss', 'Bø', 'Herre', 'Langesund', 'Prestestranda', 'Seljord', 'Siljan', 'Gvarv', 'Dalen', 'Kviteseid', 'Fyresdal', 'Treungen', 'Åmot', 'Sauland', 'Lunde'],
    },
    // Troms og Finnmark -> Troms, Finnmark.
    '54': {
      '55': ['Tromsø', 'Harstad', 'Finnsnes', 'Setermoen', 'Skjervøy', 'Borkenes', 'Storslett', 'Storsteinnes', 'Moen', 'Lyngseidet', 'Sjøvegan', 'Evenskjer', 'Gryllefjord', 'Hansnes', 'Olderdalen', 'Burfjord', 'Skaland', 'Hamnvik', 'Sørreisa', 'Brøstadbotn', 'Hatteng'],
      '56': ['Alta', 'Hammerfest', 'Vadsø', 'Kirkenes', 'Honningsvåg', 'Bjørnevatn', 'Lakselv', 'Båtsfjord', 'Vardø', 'Kautokeino', 'Kárášjohka', 'Rypefjord', 'Berlevåg', 'Kjøllefjord', 'Mehamn', 'Øksfjord', 'Vuonnabahta', 'Kvalsund', 'Breivikbotn', 'Tana bru'],
    },
  },
};

/**
 * GeoNames gives some towns their name in a language few of their people use day to day
 * (Irish for several Irish towns, German for Sion); members know them by these.
 */
export const NAME_FIXES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  IE: {
    Luimneach: 'Limerick',
    Gaillimh: 'Galway',
    'Loch Garman': 'Wexford',
    'Droichead Nua': 'Newbridge',
    'Cluain Meala': 'Clonmel',
    'An Muileann gCearr': 'Mullingar',
    'An Ros': 'Rush',
    'Trá Mhór': 'Tramore',
    'Cill Airne': 'Killarney',
    'Ráth Luirc': 'Charleville',
    Leifear: 'Lifford',
  },
  CH: { Sitten: 'Sion' },
  GB: { 'Londonderry County Borough': 'Derry' },
};
